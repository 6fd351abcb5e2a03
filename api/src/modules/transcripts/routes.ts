/**
 * GET /api/content/:id/transcript (cues, text, status), GET /api/content/:id/transcript.vtt (the
 * subtitle track), GET /api/transcripts/search?q= and GET /api/captions/quality.
 */
import { z } from 'zod';
import { ContentIdParamsSchema, LanguageCodeSchema, SubtitlesRequestSchema, TranscriptSchema, TranscriptSearchQuerySchema, resolveLanguage } from '@onair/protocol';
import { forbidden, notFound, unprocessable } from '../../http/errors.ts';
import { canWatch, hasPaidMembership } from '../monetization/access.ts';
import { readCaptionsQuality } from './quality.ts';
import { searchTranscripts } from './search.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const SubtitleParamsSchema = z.object({ id: z.coerce.number().int().positive(), language: LanguageCodeSchema });

export default async function transcriptRoutes(app: ZodApp) {
  const k = app.db.kysely;

  /** The item's transcript row, after the same checks as playing it. */
  async function readable(request: { params: { id: number }; user: { id: number; role: string } | null }) {
    const { id } = request.params;
    const content = await k.selectFrom('content').select('id').where('id', '=', id).executeTakeFirst();
    if (!content) throw notFound('No content with that id');
    if (!(await canWatch(k, request.user, id))) throw forbidden('This item is for subscribers');
    const row = await k.selectFrom('transcripts').selectAll().where('contentId', '=', id).executeTakeFirst();
    if (!row) throw notFound('This item has no transcript');
    return row;
  }

  app.get('/api/content/:id/transcript', { schema: { params: ContentIdParamsSchema } }, async (request) => {
    const row = await readable({ params: request.params, user: request.user ?? null });
    const cues = await k
      .selectFrom('transcriptCues')
      .select(['startMs', 'endMs', 'text'])
      .where('contentId', '=', row.contentId)
      .orderBy('startMs')
      .execute();
    return TranscriptSchema.parse({
      contentId: row.contentId,
      status: row.status,
      language: resolveLanguage(row.language) ?? 'en',
      engine: row.engine,
      error: row.error,
      cues: row.status === 'ready' ? cues : [],
      text: row.text,
      vttUrl: row.status === 'ready' ? `/api/content/${row.contentId}/transcript.vtt` : null,
      translations: (await k.selectFrom('transcriptTranslations').select('language').where('contentId', '=', row.contentId).orderBy('language').execute()).map((t) => ({
        language: t.language,
        vttUrl: `/api/content/${row.contentId}/subtitles/${t.language}`,
      })),
      updatedAt: Number(row.updatedAt),
    });
  });

  app.get('/api/content/:id/transcript.vtt', { schema: { params: ContentIdParamsSchema } }, async (request, reply) => {
    const row = await readable({ params: request.params, user: request.user ?? null });
    if (row.status !== 'ready') throw notFound('The transcript is not ready yet');
    return reply.type('text/vtt; charset=utf-8').header('cache-control', 'no-cache').send(row.vtt);
  });

  app.get('/api/content/:id/subtitles/:language', { schema: { params: SubtitleParamsSchema } }, async (request, reply) => {
    const { language } = request.params;
    const row = await readable({ params: request.params, user: request.user ?? null });
    const track = await k.selectFrom('transcriptTranslations').select('vtt').where('contentId', '=', row.contentId).where('language', '=', language).executeTakeFirst();
    if (!track) throw notFound('No subtitles in that language');
    return reply.type('text/vtt; charset=utf-8').header('cache-control', 'no-cache').send(track.vtt);
  });

  // The item's creator (or an admin) asks for a translated subtitle track: 202 with the job id.
  app.post('/api/content/:id/transcript/translations', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema, body: SubtitlesRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const { language } = request.body;
    const content = await k.selectFrom('content').select(['id', 'creatorId']).where('id', '=', id).executeTakeFirst();
    if (!content) throw notFound('No content with that id');
    const user = signedInUser(request);
    if (user.role !== 'admin' && content.creatorId !== user.id) throw forbidden('Only the creator of this item can add subtitles');
    const transcript = await k.selectFrom('transcripts').select(['status', 'language']).where('contentId', '=', id).executeTakeFirst();
    if (transcript?.status !== 'ready') throw unprocessable('This item has no ready transcript to translate');
    const source = resolveLanguage(transcript.language) ?? 'en';
    if (source === language) throw unprocessable('language: the transcript is already in that language');
    if (!(await app.translationEngines.plan(source, language))) throw unprocessable(await app.translationEngines.missing(source, language));
    const jobId = await app.jobs.enqueue('subtitles', { contentId: id, targetLanguage: language }, { userId: user.id });
    return reply.code(202).send({ jobId });
  });

  app.get('/api/transcripts/search', { schema: { querystring: TranscriptSearchQuerySchema } }, async (request) => {
    const { q } = request.query;
    const user = request.user;
    const paid = user ? await hasPaidMembership(app.db.kysely, user.id) : false;
    return { query: q, hits: await searchTranscripts(app.db, q, { user, paid }) };
  });

  app.get('/api/captions/quality', async () => ({ quality: await readCaptionsQuality(app.config.dataDir) }));
}
