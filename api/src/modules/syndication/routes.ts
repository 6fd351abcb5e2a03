/**
 * Spec §7: GET/POST /api/podcast-syndication and POST /api/podcast-syndication/{id}/sync (0 = all of
 * mine), plus PATCH /api/podcast-syndication/{id} for the platform's show link (externalId). Creators
 * and admins only; a record is someone's through the show its episode is in.
 */
import {
  SyndicationAnalyticsQuerySchema,
  SyndicationCreateRequestSchema,
  SyndicationIdParamsSchema,
  SyndicationSyncParamsSchema,
  SyndicationUpdateRequestSchema,
  type SyndicationStarted,
} from '@onair/protocol';
import { badRequest, notFound } from '../../http/errors.ts';
import { syndicationAnalytics } from './analytics.ts';
import { findShow, listRecords, recordsByIds, selectRecords } from './repository.ts';
import { addEpisode, assertEpisodeContent, assertShowAccess, ensureRecords, startSync } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function syndicationRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const studio = { onRequest: app.requireRole('creator', 'admin') };
  const publicUrl = app.config.publicUrl;
  const scope = (user: { id: number; role: string }) => (user.role === 'admin' ? null : user.id);

  app.get('/api/podcast-syndication', studio, async (request) => listRecords(db, scope(signedInUser(request)), publicUrl));

  app.post('/api/podcast-syndication', { ...studio, schema: { body: SyndicationCreateRequestSchema } }, async (request, reply): Promise<SyndicationStarted> => {
    const input = request.body;
    const user = signedInUser(request);
    const episode = await db.selectFrom('podcastEpisodes').select('showId').where('contentId', '=', input.contentId).executeTakeFirst();
    let showId = episode?.showId;
    if (showId === undefined) {
      if (input.showId === undefined) {
        await assertEpisodeContent(app, user, input.contentId, user.id);
        throw badRequest('showId: this item is in no show yet; choose the show to publish it in');
      }
      const show = assertShowAccess(user, await findShow(db, input.showId));
      await addEpisode(app, user, show, input.contentId);
      showId = show.id;
    } else {
      const show = assertShowAccess(user, await findShow(db, showId));
      await assertEpisodeContent(app, user, input.contentId, show.creatorId);
    }
    const ids = await ensureRecords(app, input.contentId, [input.platform], user.id);
    const jobId = (await startSync(app, ids, user.id))!;
    void reply.code(202);
    return { jobId, records: await recordsByIds(db, ids, publicUrl) };
  });

  app.post('/api/podcast-syndication/:id/sync', { ...studio, schema: { params: SyndicationSyncParamsSchema } }, async (request) => {
    const { id } = request.params;
    const user = signedInUser(request);
    let query = selectRecords(db);
    if (id !== 0) query = query.where('s.id', '=', id);
    if (user.role !== 'admin') query = query.where('sh.creatorId', '=', user.id);
    const rows = await query.execute();
    if (id !== 0 && rows.length === 0) throw notFound('No syndication record with that id');
    const ids = rows.map((r) => r.id);
    const jobId = await startSync(app, ids, user.id);
    return { jobId, records: await recordsByIds(db, ids, publicUrl) };
  });

  app.patch('/api/podcast-syndication/:id', { ...studio, schema: { params: SyndicationIdParamsSchema, body: SyndicationUpdateRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { externalId } = request.body;
    const user = signedInUser(request);
    const row = await selectRecords(db).where('s.id', '=', id).executeTakeFirst();
    if (!row || (user.role !== 'admin' && row.creatorId !== user.id)) throw notFound('No syndication record with that id');
    await db.updateTable('podcastSyndications').set({ externalId }).where('id', '=', id).execute();
    return (await recordsByIds(db, [id], publicUrl))[0];
  });

  app.get('/api/podcast-syndication/analytics', { ...studio, schema: { querystring: SyndicationAnalyticsQuerySchema } }, async (request) => {
    const { showId, days } = request.query;
    const user = signedInUser(request);
    if (showId !== undefined) assertShowAccess(user, await findShow(db, showId));
    return syndicationAnalytics(db, { ownerId: scope(user), showId: showId ?? null, days, now: Date.now() });
  });
}
