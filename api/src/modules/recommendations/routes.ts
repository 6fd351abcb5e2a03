/**
 * Recommendations per user (GET /api/ai-recommendations, POST /api/ai-recommendations/refresh) and
 * the likes they learn from (POST/DELETE /api/content/:id/like).
 *
 * Lists are computed by the recommendations job and stored. A user without a stored list waits for
 * one (a job, awaited); a stored list older than STALE_AFTER_MS is served while a refresh runs.
 */
import { ContentIdParamsSchema, RecommendationsJobResultSchema, type LikeResponse } from '@onair/protocol';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { runJobAndWait } from '../../jobs/run-job.ts';
import { assertContentExists } from '../content/repository.ts';
import { lastRun, likeCount, storedRecommendations } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export const RECOMMENDATIONS_TIMEOUT_MS = 30_000;
const STALE_AFTER_MS = 3600_000;
const REFRESH_RATE = { limit: 10, windowMs: 60_000 };

export default async function recommendationRoutes(app: ZodApp) {
  const recompute = (userId: number) =>
    runJobAndWait(app, {
      name: 'recommendations',
      payload: { userId },
      userId,
      timeoutMs: RECOMMENDATIONS_TIMEOUT_MS,
      label: 'recommendations update',
      result: RecommendationsJobResultSchema,
    });

  app.get('/api/ai-recommendations', { onRequest: app.requireUser }, async (request) => {
    const userId = signedInUser(request).id;
    const run = await lastRun(app.db.kysely, userId);
    if (!run) await recompute(userId);
    else if (Date.now() - run.computedAt > STALE_AFTER_MS) {
      void app.jobs.enqueue('recommendations', { userId }, { userId }).catch((error: unknown) => request.log.warn({ err: error }, 'could not queue a refresh'));
    }
    return storedRecommendations(app.db.kysely, userId);
  });

  app.post('/api/ai-recommendations/refresh', { onRequest: app.requireUser }, async (request) => {
    const userId = signedInUser(request).id;
    await enforceRateLimit(app.rateLimiter, `recommendations:${userId}`, REFRESH_RATE, 'Too many refreshes');
    await recompute(userId);
    return storedRecommendations(app.db.kysely, userId);
  });

  app.post('/api/content/:id/like', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema } }, async (request): Promise<LikeResponse> => {
    const { id } = request.params;
    await assertContentExists(app.db.kysely, id);
    // A second like is a no-op, not an error: the button may be pressed twice.
    await app.db.kysely
      .insertInto('contentLikes')
      .values({ contentId: id, userId: signedInUser(request).id, createdAt: Date.now() })
      .onConflict((oc) => oc.columns(['contentId', 'userId']).doNothing())
      .execute();
    return { contentId: id, liked: true, likes: await likeCount(app.db.kysely, id) };
  });

  app.delete('/api/content/:id/like', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema } }, async (request): Promise<LikeResponse> => {
    const { id } = request.params;
    await assertContentExists(app.db.kysely, id);
    await app.db.kysely.deleteFrom('contentLikes').where('contentId', '=', id).where('userId', '=', signedInUser(request).id).execute();
    return { contentId: id, liked: false, likes: await likeCount(app.db.kysely, id) };
  });
}
