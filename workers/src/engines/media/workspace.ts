/**
 * Where a media job writes: a work folder beside the final one (`vod/.work-<contentId>-<job>`), renamed
 * to `vod/<contentId>` only when every file is made. A retry or a crash never leaves a half ladder
 * where players look, and a failed job removes its work folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { removeVodLeftovers, VOD_DIR } from '@onair/api/media-files';

export { removeItemFiles, VOD_DIR } from '@onair/api/media-files';

/** `vod/<contentId>/<name>` with `/`, as stored in media_assets. */
export function vodPath(contentId: number, name: string): string {
  return `${VOD_DIR}/${contentId}/${name}`;
}

export class Workspace {
  private constructor(
    readonly dir: string,
    private readonly finalDir: string,
  ) {}

  /** A fresh work folder for the item, after removing what an earlier attempt left behind. */
  static async open(mediaDir: string, contentId: number, jobId: string): Promise<Workspace> {
    const vod = path.join(mediaDir, VOD_DIR);
    await mkdir(vod, { recursive: true });
    await removeVodLeftovers(vod, contentId);
    const dir = path.join(vod, `.work-${contentId}-${jobId.replace(/[^A-Za-z0-9_-]/g, '')}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    return new Workspace(dir, path.join(vod, String(contentId)));
  }

  file(name: string): string {
    return path.join(this.dir, name);
  }

  /** Moves the finished files into place, replacing an older set (a re-run) as one rename. */
  async commit(): Promise<void> {
    const parked = `${this.finalDir}.old-${randomBytes(4).toString('hex')}`;
    const hadOld = await exists(this.finalDir);
    if (hadOld) await rename(this.finalDir, parked);
    await rename(this.dir, this.finalDir);
    if (hadOld) await rm(parked, { recursive: true, force: true });
  }

  async discard(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

export async function fileSize(p: string): Promise<number> {
  return (await stat(p)).size;
}
