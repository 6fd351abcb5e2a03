/**
 * Where an item's media lives under MEDIA_DIR, and how all of it goes: the API removes it when an item
 * is deleted, the media worker when an upload turns out not to be media. One place, so the two agree
 * on the layout.
 *
 * - `vod/<id>/`: the on-demand ladder, download file, audio and thumbnail (made by the media job in a
 *   `vod/.work-<id>-<job>` folder and swapped in through `vod/<id>.old-<hex>`, see workers' Workspace);
 * - `live/<id>/`: a broadcast's live HLS while it is on air (the live manager removes it after);
 * - `recordings/<id>/`: the takes of a broadcast being saved, joined into `recording.flv` for the media job;
 * - `uploads/<upload id>.part`: an upload's bytes while they arrive and until its media job has read them.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

export const VOD_DIR = 'vod';
const RECORDINGS_DIR = 'recordings';
const LIVE_DIR = 'live';
const UPLOADS_DIR = 'uploads';
const PER_ITEM_DIRS = [VOD_DIR, LIVE_DIR, RECORDINGS_DIR] as const;

/** A broadcast's live HLS folder while it is on air. */
export function liveDir(mediaDir: string, contentId: number): string {
  return path.join(mediaDir, LIVE_DIR, String(contentId));
}

/** A broadcast's joined recording, relative to MEDIA_DIR with `/`: what a recording's media job reads. */
export function recordingSource(contentId: number): string {
  return `${RECORDINGS_DIR}/${contentId}/recording.flv`;
}

/** Where an upload's bytes are kept while they arrive (named by the upload, not the item). */
export function uploadPartFile(mediaDir: string, uploadId: string): string {
  return path.join(mediaDir, UPLOADS_DIR, `${uploadId}.part`);
}

/**
 * A folder a process may still be writing into (ffmpeg adding segments while the item is deleted):
 * removing it can find it not empty after emptying it, so the removal is tried again a few times.
 */
const REMOVE_WHILE_WRITTEN = { recursive: true, force: true, maxRetries: 5, retryDelay: 50 } as const;

/**
 * Removes every file of the item, finished or left behind by an interrupted job, and the bytes of its
 * uploads (`uploadIds`). Missing files and folders are fine.
 */
export async function removeItemFiles(mediaDir: string, contentId: number, uploadIds: readonly string[] = []): Promise<void> {
  await removeVodLeftovers(path.join(mediaDir, VOD_DIR), contentId);
  await Promise.all([
    ...PER_ITEM_DIRS.map((dir) => rm(path.join(mediaDir, dir, String(contentId)), REMOVE_WHILE_WRITTEN)),
    ...uploadIds.map((id) => rm(uploadPartFile(mediaDir, id), { force: true })),
  ]);
}

/** The work and parked folders of the item's media jobs in `vod` (a crash or a retry can leave them). */
export async function removeVodLeftovers(vod: string, contentId: number): Promise<void> {
  const names = await readdir(vod).catch(() => [] as string[]);
  const prefixes = [`.work-${contentId}-`, `${contentId}.old-`];
  await Promise.all(
    names.filter((n) => prefixes.some((p) => n.startsWith(p))).map((n) => rm(path.join(vod, n), REMOVE_WHILE_WRITTEN)),
  );
}
