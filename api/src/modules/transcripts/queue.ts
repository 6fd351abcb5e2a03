/**
 * Every on-demand item gets a transcript: when a media job is done, its item is claimed for
 * transcription (the row's `source_key` is the media job id) and a `transcript` job is queued. With
 * BullMQ every API node hears the same `done` event; only the node whose write changed the row queues
 * the job, so one processed file means one transcript job.
 */
import type { FastifyInstance } from 'fastify';
import { MediaJobResultSchema, resolveLanguage, TranscriptJobResultSchema, type LanguageCode } from '@onair/protocol';

export async function claimTranscript(app: FastifyInstance, contentId: number, sourceKey: string): Promise<LanguageCode | null> {
  const k = app.db.kysely;
  const content = await k.selectFrom('content').select(['language']).where('id', '=', contentId).executeTakeFirst();
  if (!content) return null;
  const language = resolveLanguage(content.language) ?? 'en';
  const now = Date.now();
  const claimed = await k
    .insertInto('transcripts')
    .values({ contentId, status: 'queued', language, engine: null, sourceKey, jobId: null, feedJobId: null, error: null, vtt: '', text: '', updatedAt: now })
    .onConflict((oc) =>
      oc
        .column('contentId')
        .doUpdateSet({ status: 'queued', language, sourceKey, jobId: null, error: null, updatedAt: now })
        .where('transcripts.sourceKey', '!=', sourceKey),
    )
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0 ? language : null;
}

export async function queueTranscript(app: FastifyInstance, contentId: number, sourceKey: string, userId: number | null): Promise<string | null> {
  const language = await claimTranscript(app, contentId, sourceKey);
  if (!language) return null;
  const jobId = await app.jobs.enqueue('transcript', { contentId, language }, { userId });
  await app.db.kysely.updateTable('transcripts').set({ jobId }).where('contentId', '=', contentId).where('sourceKey', '=', sourceKey).execute();
  return jobId;
}

/**
 * A ready transcript goes into the podcast feeds of the shows that carry the item
 * (`podcast:transcript`): each show's feed is rebuilt once per transcript job, whichever node claims it.
 */
export async function refreshFeedsFor(app: FastifyInstance, contentId: number, transcriptJobId: string): Promise<number> {
  const k = app.db.kysely;
  const claimed = await k
    .updateTable('transcripts')
    .set({ feedJobId: transcriptJobId })
    .where('contentId', '=', contentId)
    .where('status', '=', 'ready')
    .where((eb) => eb.or([eb('feedJobId', 'is', null), eb('feedJobId', '!=', transcriptJobId)]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return 0;
  const shows = await k.selectFrom('podcastEpisodes').select('showId').where('contentId', '=', contentId).execute();
  for (const { showId } of shows) await app.jobs.enqueue('syndication', { showId }, { userId: null });
  return shows.length;
}

export default async function transcriptQueue(app: FastifyInstance) {
  const unsubscribe = app.jobs.onEvent((event) => {
    if (event.name === 'transcript' && event.type === 'done') {
      const done = TranscriptJobResultSchema.safeParse(event.result);
      if (done.success) {
        void refreshFeedsFor(app, done.data.contentId, event.jobId).catch((error: unknown) =>
          app.log.warn({ err: error, contentId: done.data.contentId }, 'could not rebuild the podcast feeds after a transcript'),
        );
      }
      return;
    }
    if (event.name !== 'media' || event.type !== 'done') return;
    const result = MediaJobResultSchema.safeParse(event.result);
    if (!result.success) return;
    void queueTranscript(app, result.data.contentId, event.jobId, event.userId).catch((error: unknown) =>
      app.log.warn({ err: error, contentId: result.data.contentId }, 'could not queue a transcript'),
    );
  });
  app.addHook('onClose', async () => unsubscribe());
}
