import { AchievementClaimRequestSchema, ContentIdParamsSchema, ShareRequestSchema } from '@onair/protocol';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { assertContentExists } from '../content/repository.ts';
import { POINTS, utcDayKey } from './ledger.ts';
import { dayCountsOf, dayNumber } from './activity.ts';
import { claimAchievement, gamificationProfile, rewardAction } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** Shares a day that earn points: beyond it sharing still works, it just pays nothing more. */
export const SHARE_POINTS_DAILY_CAP = 5;

/** Shares paid today: the day totals count each paid share (rewards/ledger.ts, `paidCounts`). */
async function sharesRewardedToday(app: ZodApp, userId: number): Promise<number> {
  return (await dayCountsOf(app.db.kysely, [userId], dayNumber(Date.now()))).get(userId)!.shares;
}

export default async function rewardsRoutes(app: ZodApp) {
  app.get('/api/user/gamification', { onRequest: app.requireUser }, async (request) => gamificationProfile(app, signedInUser(request).id));

  app.post('/api/achievements/claim', { onRequest: app.requireUser, schema: { body: AchievementClaimRequestSchema } }, async (request) => {
    const { achievementId } = request.body;
    return claimAchievement(app, signedInUser(request).id, achievementId);
  });

  /** Sharing a stream earns points once per item per day (so repeated clicks do not farm points). */
  app.post('/api/content/:id/share', { onRequest: app.requireUser, schema: { params: ContentIdParamsSchema, body: ShareRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { channel } = request.body;
    await assertContentExists(app.db.kysely, id);
    const userId = signedInUser(request).id;
    await enforceWriteLimit(app, 'share', userId);
    // Points once per item per day, and for at most SHARE_POINTS_DAILY_CAP items a day.
    if ((await sharesRewardedToday(app, userId)) < SHARE_POINTS_DAILY_CAP) {
      await rewardAction(app, { userId, action: 'share', points: POINTS.share, ref: `${id}:${utcDayKey(Date.now())}` });
    }
    return { shared: true, channel };
  });
}
