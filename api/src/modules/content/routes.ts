import { ContentCreateRequestSchema, ContentDeleteRequestSchema, ContentIdParamsSchema, ContentListQuerySchema, ContentUpdateRequestSchema, regionOfCountry, rooms } from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { curationBoost } from '../curation/repository.ts';
import { canWatch, isSubscribersOnly } from '../monetization/access.ts';
import { findContent, insertContent, listContent } from './repository.ts';
import { deleteContent } from './removal.ts';
import { listBody, prepareList, type PreparedList } from './list-json.ts';
import { ReadCache } from '../../http/read-cache.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** What the list shows (view counters excepted: they move with every view, so the lifetime covers them). */
const CONTENT_LIST_TABLES = ['content', 'users', 'creator_profiles', 'media_assets', 'regional_curations'];
/** The live counts of a list with nothing live: one map, so its body is checked once (list-json.ts). */
const NO_LIVE_COUNTS: ReadonlyMap<number, number> = new Map();

/** How stale on-demand view counts and other nodes' writes may be. */
const CONTENT_LIST_TTL_MS = 1000;

export default async function contentRoutes(app: ZodApp) {
  // The home grid's list, asked by every visitor: kept as JSON parts until a write to what it shows
  // (read-cache.ts); live viewer counts are filled in fresh at each request.
  const lists = new ReadCache<PreparedList>(app.db.writes, { tables: CONTENT_LIST_TABLES, ttlMs: CONTENT_LIST_TTL_MS });
  app.addHook('onClose', async () => lists.close());

  app.get('/api/content', { schema: { querystring: ContentListQuerySchema } }, async (request, reply) => {
    const { region, ...filter } = request.query;
    // Viewers see their region's curation first: the region asked for, else the one of their country.
    const viewerRegion = region ?? regionOfCountry(request.user?.country) ?? null;
    const list = await lists.get(JSON.stringify([filter, viewerRegion]), async () => {
      const boost = await curationBoost(app.db.kysely, viewerRegion);
      return prepareList(await listContent(app.db.kysely, app.liveAudience, { ...filter, boost }));
    });
    const live = list.liveIds.length ? await app.liveAudience.viewerCounts(list.liveIds) : NO_LIVE_COUNTS;
    const { body, gzip } = listBody(list, live, /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')));
    if (gzip) reply.header('content-encoding', 'gzip');
    return reply.header('vary', 'Accept-Encoding').type('application/json; charset=utf-8').send(body);
  });

  app.get('/api/content/:id', { schema: { params: ContentIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const content = await findContent(app.db.kysely, app.liveAudience, id);
    if (!content) throw notFound('No content with that id');
    // Subscribers-only items stay listed and described; the flags tell the page whether to play them.
    return { ...content, subscribersOnly: await isSubscribersOnly(app.db.kysely, id), canWatch: await canWatch(app.db.kysely, request.user, id) };
  });

  app.post('/api/content', { onRequest: app.requireRole('creator', 'admin'), schema: { body: ContentCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    await enforceWriteLimit(app, 'content', signedInUser(request).id);
    const id = await insertContent(app.db.kysely, {
      creatorId: signedInUser(request).id,
      title: input.title,
      description: input.description || null,
      type: input.type,
      category: input.category || null,
      status: 'published',
      durationSeconds: input.duration ?? 0,
      language: 'en',
      createdAt: Date.now(),
      liveSince: null,
    });
    const content = (await findContent(app.db.kysely, app.liveAudience, id))!;
    app.io.to(rooms.admin()).emit('content:added', content);
    return reply.code(201).send(content);
  });

  /** A creator fixes an item's title, description or category (an upload's title is its file name until then). */
  app.patch('/api/content/:id', { onRequest: app.requireRole('creator', 'admin'), schema: { params: ContentIdParamsSchema, body: ContentUpdateRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { title, description, category } = request.body;
    const user = signedInUser(request);
    const item = await app.db.kysely.selectFrom('content').select('creatorId').where('id', '=', id).executeTakeFirst();
    if (!item) throw notFound('No content with that id');
    if (user.role !== 'admin' && item.creatorId !== user.id) throw forbidden('Only the item’s creator or an admin may edit it');
    await enforceWriteLimit(app, 'contentEdit', user.id);
    await app.db.kysely
      .updateTable('content')
      .set({
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description: description || null }),
        ...(category !== undefined && { category: category || null }),
      })
      .where('id', '=', id)
      .execute();
    const content = (await findContent(app.db.kysely, app.liveAudience, id))!;
    // Open lists and watch pages show the new words without a reload.
    app.io.to(rooms.lobby()).emit('content:updated', content);
    return content;
  });

  /** A creator deletes an item of their library (an admin any item, with a reason for its creator): 204, then its files and feed entry go (removal.ts). */
  app.delete('/api/content/:id', { onRequest: app.requireRole('creator', 'admin'), schema: { params: ContentIdParamsSchema, body: ContentDeleteRequestSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    await enforceWriteLimit(app, 'contentEdit', user.id);
    await deleteContent(app, user, request.params.id, request.body.reason || null);
    return reply.code(204).send();
  });
}
