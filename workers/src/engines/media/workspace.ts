/**
 * Where a media job writes: a work folder beside the final one (`vod/.work-<contentId>-<job>`), renamed
 * to `vod/<contentId>` only when every file is made. A retry or a crash never leaves a half ladder
 * where players look, and a failed job removes its work folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export const VOD_DIR = 'vod';

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
    await removeLeftovers(vod, contentId);
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

/** Removes an item's final folder too: a file that turned out not to be media leaves nothing. */
export async function removeItemFiles(mediaDir: string, contentId: number): Promise<void> {
  const vod = path.join(mediaDir, VOD_DIR);
  await removeLeftovers(vod, contentId);
  await rm(path.join(vod, String(contentId)), { recursive: true, force: true });
}

async function removeLeftovers(vod: string, contentId: number) {
  const names = await readdir(vod).catch(() => [] as string[]);
  const prefixes = [`.work-${contentId}-`, `${contentId}.old-`];
  await Promise.all(
    names.filter((n) => prefixes.some((p) => n.startsWith(p))).map((n) => rm(path.join(vod, n), { recursive: true, force: true })),
  );
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
