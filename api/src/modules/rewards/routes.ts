import type { FastifyInstance } from 'fastify';
import { AchievementClaimRequestSchema, ContentIdParamsSchema, ShareRequestSchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { POINTS, utcDayStart } from './ledger.ts';
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
    const exists = await app.db.kysely.selectFrom('content').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('No content with that id');
    const day = new Date(utcDayStart(Date.now())).toISOString().slice(0, 10);
    await rewardAction(app, { userId: request.user!.id, action: 'share', points: POINTS.share, ref: `${id}:${day}` });
    return { shared: true, channel };
  });
}
