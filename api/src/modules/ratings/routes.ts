/**
 * POST /api/content/:id/rating: a signed-in person rates an item 1..5; rating again replaces their
 * rating. The answer carries the item's average, which the admin community panel also reads.
 */
import type { Kysely } from 'kysely';
import { ContentIdParamsSchema, ContentRatingRequestSchema, type ContentRating } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { assertContentExists } from '../content/repository.ts';
import { signedInUser } from '../../http/signed-in.ts';

export async function ratingOf(db: Kysely<Database>, contentId: number): Promise<{ avgRating: number; ratings: number }> {
  const row = await db
    .selectFrom('contentRatings')
    .select([(eb) => eb.fn.avg<number>('rating').as('avg'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('contentId', '=', contentId)
    .executeTakeFirstOrThrow();
  const ratings = Number(row.n);
  return { avgRating: ratings > 0 ? Math.round(Number(row.avg) * 10) / 10 : 0, ratings };
}

export default async function ratingRoutes(app: ZodApp) {
  app.post('/api/content/:id/rating', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema, body: ContentRatingRequestSchema } }, async (request): Promise<ContentRating> => {
    const { id } = request.params;
    const { rating } = request.body;
    const db = app.db.kysely;
    await assertContentExists(db, id);
    const now = Date.now();
    await db
      .insertInto('contentRatings')
      .values({ contentId: id, userId: signedInUser(request).id, rating, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['contentId', 'userId']).doUpdateSet({ rating, updatedAt: now }))
      .execute();
    return { contentId: id, rating, ...(await ratingOf(db, id)) };
  });
}
