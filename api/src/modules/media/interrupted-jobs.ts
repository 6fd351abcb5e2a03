/**
 * With the inline job driver (the quick start's), a media job lives only in this process: a restart
 * during one left its item "processing" for good, unplayable, never published, and (since deleting
 * waits for processing to end) impossible to delete. At start, before anything new is queued, each
 * such item is taken up again: its job is queued anew when its source is still on disk (an upload's
 * received bytes, a broadcast's joined recording), and the job starts over from it; otherwise the item
 * is marked failed with a reason its creator can act on.
 *
 * BullMQ keeps its jobs in Redis, and a worker takes an interrupted one up again: nothing to do there.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { MediaJobPayload } from '@onair/protocol';
import { recordingSource, uploadPartFile } from './item-files.ts';

const LOST_SOURCE = 'Processing stopped when the server restarted and the file it was reading is gone: upload it again';

const present = (file: string) => access(file).then(() => true, () => false);

export async function resumeInterruptedMedia(app: FastifyInstance): Promise<{ requeued: number; failed: number }> {
  const result = { requeued: 0, failed: 0 };
  if (app.jobs.driver !== 'inline') return result;
  const db = app.db.kysely;
  const { mediaDir } = app.config;
  const stuck = await db
    .selectFrom('mediaAssets')
    .innerJoin('content', 'content.id', 'mediaAssets.contentId')
    .leftJoin('mediaUploads', 'mediaUploads.contentId', 'mediaAssets.contentId')
    .leftJoin('streams', 'streams.contentId', 'mediaAssets.contentId')
    .select(['mediaAssets.contentId', 'content.creatorId', 'mediaUploads.id as uploadId', 'streams.generatePodcast'])
    .where('mediaAssets.status', '=', 'processing')
    .execute();

  for (const { contentId, creatorId, uploadId, generatePodcast } of stuck) {
    let payload: MediaJobPayload | null = null;
    if (uploadId !== null && (await present(uploadPartFile(mediaDir, uploadId)))) {
      payload = { kind: 'upload', uploadId, contentId };
    } else if (uploadId === null && (await present(path.join(mediaDir, recordingSource(contentId))))) {
      payload = { kind: 'recording', contentId, source: recordingSource(contentId), generatePodcast: generatePodcast === 1 };
    }
    if (payload) {
      const jobId = await app.jobs.enqueue('media', payload, { userId: creatorId });
      if (uploadId !== null) await db.updateTable('mediaUploads').set({ jobId, updatedAt: Date.now() }).where('id', '=', uploadId).execute();
      result.requeued++;
    } else {
      await db.updateTable('mediaAssets').set({ status: 'failed', error: LOST_SOURCE, updatedAt: Date.now() }).where('contentId', '=', contentId).execute();
      result.failed++;
    }
  }
  if (stuck.length) app.log.info(result, 'media processing interrupted by the last shutdown taken up again');
  return result;
}
