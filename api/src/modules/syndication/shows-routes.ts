/**
 * Shows: GET/POST /api/podcast-shows, PATCH /api/podcast-shows/{id} (details and the Settings tab),
 * PUT /api/podcast-shows/{id}/cover, POST /api/podcast-shows/{id}/episodes. Creators and admins only.
 */
import {
  COVER_MAX_BYTES,
  ShowCoverRequestSchema,
  ShowCreateRequestSchema,
  ShowEpisodeRequestSchema,
  ShowUpdateRequestSchema,
  SyndicationIdParamsSchema,
} from '@onair/protocol';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict } from '../../http/errors.ts';
import { storeCover } from './cover.ts';
import { findShow, listShows, showById, uniqueSlug } from './repository.ts';
import { addEpisode, assertShowAccess, refreshShow } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

export default async function showRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const studio = { onRequest: app.requireRole('creator', 'admin') };
  const publicUrl = app.config.publicUrl;

  app.get('/api/podcast-shows', studio, async (request) => listShows(db, signedInUser(request).id, publicUrl));

  app.post('/api/podcast-shows', { ...studio, schema: { body: ShowCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const now = Date.now();
    let id: number | null = null;
    for (let attempt = 0; id === null; attempt++) {
      try {
        const row = await db
          .insertInto('podcastShows')
          .values({
            creatorId: signedInUser(request).id,
            slug: await uniqueSlug(db, input.title),
            title: input.title,
            description: input.description,
            author: input.author,
            category: input.category,
            language: input.language,
            explicit: input.explicit ? 1 : 0,
            autoPublish: input.autoPublish ? 1 : 0,
            qualityCheck: input.qualityCheck ? 1 : 0,
            syncMetadata: input.syncMetadata ? 1 : 0,
            syncFrequency: input.syncFrequency,
            coverPath: null,
            coverMime: null,
            coverWidth: null,
            coverHeight: null,
            feedXml: null,
            feedEtag: null,
            feedBuiltAt: null,
            lastSyncedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      } catch (error) {
        // Two shows with the same title at once: the slug is taken between reading and writing.
        if (!isUniqueViolation(error) || attempt >= 3) throw isUniqueViolation(error) ? conflict('title: try again') : error;
      }
    }
    await app.jobs.enqueue('syndication', { showId: id }, { userId: signedInUser(request).id });
    return reply.code(201).send(await showById(db, id, publicUrl));
  });

  app.patch('/api/podcast-shows/:id', { ...studio, schema: { params: SyndicationIdParamsSchema, body: ShowUpdateRequestSchema } }, async (request) => {
    const { id } = request.params;
    const input = request.body;
    const show = assertShowAccess(signedInUser(request), await findShow(db, id));
    await db
      .updateTable('podcastShows')
      .set({
        title: input.title,
        description: input.description,
        author: input.author,
        category: input.category,
        language: input.language,
        explicit: flag(input.explicit),
        autoPublish: flag(input.autoPublish),
        qualityCheck: flag(input.qualityCheck),
        syncMetadata: flag(input.syncMetadata),
        syncFrequency: input.syncFrequency,
        updatedAt: Date.now(),
      })
      .where('id', '=', id)
      .execute();
    const updated = (await findShow(db, id))!;
    if (updated.syncMetadata === 1 && changesFeed(input)) await refreshShow(app, updated, signedInUser(request).id);
    void show;
    return showById(db, id, publicUrl);
  });

  app.put('/api/podcast-shows/:id/cover', { ...studio, bodyLimit: Math.ceil((COVER_MAX_BYTES * 4) / 3) + 64 * 1024, schema: { params: SyndicationIdParamsSchema, body: ShowCoverRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { image } = request.body;
    const show = assertShowAccess(signedInUser(request), await findShow(db, id));
    const cover = await storeCover(app.config.mediaDir, id, image, show.coverPath);
    await db.updateTable('podcastShows').set({ ...cover, updatedAt: Date.now() }).where('id', '=', id).execute();
    const updated = (await findShow(db, id))!;
    if (updated.syncMetadata === 1) await refreshShow(app, updated, signedInUser(request).id);
    return showById(db, id, publicUrl);
  });

  app.post('/api/podcast-shows/:id/episodes', { ...studio, schema: { params: SyndicationIdParamsSchema, body: ShowEpisodeRequestSchema } }, async (request, reply) => {
    const { id } = request.params;
    const { contentId } = request.body;
    const show = assertShowAccess(signedInUser(request), await findShow(db, id));
    const { added } = await addEpisode(app, signedInUser(request), show, contentId);
    return reply.code(added ? 201 : 200).send(await showById(db, id, publicUrl));
  });
}

/** Settings alone (auto-publish, quality check, frequency) do not change what the feed says. */
function changesFeed(input: Record<string, unknown>): boolean {
  return ['title', 'description', 'author', 'category', 'language', 'explicit'].some((k) => input[k] !== undefined);
}
