/**
 * A media job whose item is deleted stops: its creator removed a wrong upload, or an admin took it
 * down, while ffmpeg was still making it. The deletion happens on an API node, the job may run on
 * another machine (BullMQ) or in the API process (the inline driver), so the job watches the one
 * thing both share, the database: once a second it asks whether the item is still there, and when it
 * is gone it aborts every ffmpeg and ffprobe it started (MediaTools.withSignal). Then, whatever the
 * job had reached (a half ladder, a finished one moved into place after the deletion removed the
 * item's folders), everything it wrote goes, and the job ends with a reason instead of a result.
 */
import type { Db } from '@onair/api/db';
import { removeItemFiles } from '@onair/api/media-files';
import { UnreadableMediaError } from '../engines/media/index.ts';
import { PermanentJobError } from '../errors.ts';

/** How often a running media job checks its item is still there. */
export const ITEM_CHECK_MS = 1000;

type Kysely = Db['kysely'];

async function itemExists(k: Kysely, contentId: number): Promise<boolean> {
  return (await k.selectFrom('content').select('id').where('id', '=', contentId).executeTakeFirst()) !== undefined;
}

/** Aborts `signal` once the item is gone; `stop()` when the job ends. A failed check waits for the next. */
function watchItem(k: Kysely, contentId: number, everyMs: number) {
  const controller = new AbortController();
  const timer = setInterval(() => {
    itemExists(k, contentId).then(
      (exists) => {
        if (!exists) controller.abort(new Error(`content ${contentId} was deleted`));
      },
      () => undefined,
    );
  }, everyMs);
  timer.unref();
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

export interface CancellableMediaJob {
  k: Kysely;
  mediaDir: string;
  contentId: number;
  /** The upload whose bytes the job reads, if it is an upload's. */
  uploadId?: string | undefined;
  everyMs?: number;
}

/**
 * Runs `work` with a signal that aborts when the item is deleted. Its result stands only if the item
 * is still there when it ends; otherwise the item's files are removed (again: the job may have moved
 * its folder in after the API removed the item's) and the job fails, for good, saying so.
 */
export async function untilItemDeleted<R>(job: CancellableMediaJob, work: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const { k, contentId } = job;
  const watch = watchItem(k, contentId, job.everyMs ?? ITEM_CHECK_MS);
  let outcome: { result: R } | { error: unknown };
  try {
    outcome = { result: await work(watch.signal) };
  } catch (error) {
    outcome = { error };
  } finally {
    watch.stop();
  }
  // A file that is not media removes its item on purpose (media-upload.ts): that is the job's own
  // outcome, as is anything when the database cannot answer now.
  const ownRemoval = 'error' in outcome && outcome.error instanceof UnreadableMediaError;
  const deleted = watch.signal.aborted || (!ownRemoval && !(await itemExists(k, contentId).catch(() => true)));
  if (!deleted) {
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
  await removeItemFiles(job.mediaDir, contentId, job.uploadId ? [job.uploadId] : []);
  throw new PermanentJobError(`contentId: content ${contentId} was deleted while its media was being processed`);
}
