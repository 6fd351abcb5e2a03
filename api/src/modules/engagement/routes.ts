/**
 * GET /api/content/:id/engagement: likes and ratings of one item, and the caller's own like and
 * rating, in one read for the watch page. Liking, rating and sharing are written by their own routes
 * (recommendations, ratings, rewards), which own those signals.
 */
import { ContentIdParamsSchema, type ContentEngagement } from '@onair/protocol';
import { assertContentExists } from '../content/repository.ts';
import { ratingOf } from '../ratings/routes.ts';
import { likeCount } from '../recommendations/repository.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function engagementRoutes(app: ZodApp) {
  app.get('/api/content/:id/engagement', { schema: { params: ContentIdParamsSchema } }, async (request): Promise<ContentEngagement> => {
    const { id } = request.params;
    const db = app.db.kysely;
    await assertContentExists(db, id);
    const userId = request.user?.id ?? null;
    const [likes, rating, mine, myRating] = await Promise.all([
      likeCount(db, id),
      ratingOf(db, id),
      userId
        ? db.selectFrom('contentLikes').select('userId').where('contentId', '=', id).where('userId', '=', userId).executeTakeFirst()
        : Promise.resolve(undefined),
      userId
        ? db.selectFrom('contentRatings').select('rating').where('contentId', '=', id).where('userId', '=', userId).executeTakeFirst()
        : Promise.resolve(undefined),
    ]);
    return { contentId: id, likes, liked: mine !== undefined, ...rating, myRating: myRating?.rating ?? null };
  });
}
