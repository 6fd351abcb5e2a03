import type { FastifyInstance } from 'fastify';
import { AchievementClaimRequestSchema, ContentIdParamsSchema, ShareRequestSchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { assertContentExists } from '../content/repository.ts';
import { POINTS, utcDayKey } from './ledger.ts';
import { claimAchievement, gamificationProfile, rewardAction } from './service.ts';

export default async function rewardsRoutes(app: FastifyInstance) {
  app.get('/api/user/gamification', { preHandler: app.requireUser }, async (request) => gamificationProfile(app, request.user!.id));

  app.post('/api/achievements/claim', { preHandler: app.requireUser }, async (request) => {
    const { achievementId } = parseOr400(AchievementClaimRequestSchema, request.body);
    return claimAchievement(app, request.user!.id, achievementId);
  });

  /** Sharing a stream earns points once per item per day (so repeated clicks do not farm points). */
  app.post('/api/content/:id/share', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(ContentIdParamsSchema, request.params);
    const { channel } = parseOr400(ShareRequestSchema, request.body);
    await assertContentExists(app.db.kysely, id);
    await rewardAction(app, { userId: request.user!.id, action: 'share', points: POINTS.share, ref: `${id}:${utcDayKey(Date.now())}` });
    return { shared: true, channel };
  });
}
