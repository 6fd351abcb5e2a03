import { ContentCreateRequestSchema, ContentIdParamsSchema, ContentListQuerySchema, regionOfCountry } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { curationBoost } from '../curation/repository.ts';
import { canWatch, isSubscribersOnly } from '../monetization/access.ts';
import { findContent, insertContent, listContent } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function contentRoutes(app: ZodApp) {
  app.get('/api/content', { schema: { querystring: ContentListQuerySchema } }, async (request) => {
    const { region, ...filter } = request.query;
    // Viewers see their region's curation first: the region asked for, else the one of their country.
    const boost = await curationBoost(app.db.kysely, region ?? regionOfCountry(request.user?.country));
    return listContent(app.db.kysely, app.liveAudience, { ...filter, boost });
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
    return reply.code(201).send(await findContent(app.db.kysely, app.liveAudience, id));
  });
}
