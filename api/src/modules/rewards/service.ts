import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LIST_LIMITS, rooms, type GamificationResponse } from '@onair/protocol';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { achievementStatus, ACHIEVEMENTS, CHALLENGE_METRIC, challengeAward, dailyChallengeStatus, todayStart, userMetrics, type Metric } from './achievements.ts';
import { awardPoints, leaderboard, levelForPoints, totalPoints } from './ledger.ts';

async function claimsOf(app: FastifyInstance, userId: number) {
  const rows = await app.db.kysely.selectFrom('achievementClaims').select(['achievementId', 'claimedAt']).where('userId', '=', userId).execute();
  return new Map(rows.map((r) => [r.achievementId, r.claimedAt]));
}

/** Tells the user's sockets their new total, so the header's points and level move live. */
export async function pushPoints(app: FastifyInstance, userId: number, reason: string) {
  const points = await totalPoints(app.db.kysely, userId);
  app.io.to(rooms.user(userId)).emit('gamification:points', { points, level: levelForPoints(points), reason });
}

/**
 * Awards points for an action (idempotent per ref), then pays any daily challenge the action completed.
 */
export async function rewardAction(
  app: FastifyInstance,
  award: { userId: number; action: string; points: number; ref: string },
): Promise<void> {
  // The award and the day totals it adds to commit together.
  if (await app.db.kysely.transaction().execute((trx) => recordReward(trx, award))) await pushPoints(app, award.userId, award.action);
}

/** The daily-challenge metric each rewarded action moves (a question moves none). */
const ACTION_METRIC: Partial<Record<string, Metric>> = { chat: 'messages', vote: 'votes', share: 'shares', watch: 'watchSeconds' };

/**
 * The database half of rewardAction, for callers that write the action in the same transaction:
 * answers whether any points were paid (then the caller pushes the new total after committing).
 * Only the challenges on the metric this action moves can have been completed by it.
 */
export async function recordReward(db: Kysely<Database>, award: { userId: number; action: string; points: number; ref: string }): Promise<boolean> {
  const awarded = await awardPoints(db, award);
  const metric = ACTION_METRIC[award.action];
  if (!metric) return awarded;
  const now = Date.now();
  const today = dailyChallengeStatus(await userMetrics(db, award.userId, todayStart(now), now));
  let challengePaid = false;
  for (const challenge of today.filter((c) => c.completed && CHALLENGE_METRIC[c.id as keyof typeof CHALLENGE_METRIC] === metric)) {
    const key = challengeAward(challenge.id, now);
    challengePaid = (await awardPoints(db, { userId: award.userId, ...key, points: challenge.points })) || challengePaid;
  }
  return awarded || challengePaid;
}

export async function gamificationProfile(app: FastifyInstance, userId: number): Promise<GamificationResponse> {
  const db = app.db.kysely;
  const now = Date.now();
  const [points, allTime, today, claims, board] = await Promise.all([
    totalPoints(db, userId),
    userMetrics(db, userId, 0, now),
    userMetrics(db, userId, todayStart(now), now),
    claimsOf(app, userId),
    leaderboard(db, LIST_LIMITS.leaderboard),
  ]);
  return {
    points,
    level: levelForPoints(points),
    dailyStreaks: allTime.streakDays,
    achievements: achievementStatus(allTime, claims),
    leaderboard: board,
    dailyChallenges: dailyChallengeStatus(today),
  };
}

export async function claimAchievement(app: FastifyInstance, userId: number, achievementId: string) {
  const definition = ACHIEVEMENTS.find((a) => a.id === achievementId);
  if (!definition) throw notFound(`achievementId: no achievement called ${achievementId}`);
  const db = app.db.kysely;
  const status = achievementStatus(await userMetrics(db, userId), new Map()).find((a) => a.id === achievementId)!;
  if (!status.earned) throw unprocessable(`${definition.name} is not earned yet (${status.progress}/${status.maxProgress})`);
  const claimedAt = Date.now();
  const inserted = await db
    .insertInto('achievementClaims')
    .values({ userId, achievementId, claimedAt })
    .onConflict((oc) => oc.columns(['userId', 'achievementId']).doNothing())
    .returning('achievementId')
    .executeTakeFirst();
  if (!inserted) throw conflict(`${definition.name} was already claimed`);
  await awardPoints(db, { userId, action: 'achievement', points: definition.bonusPoints, ref: achievementId, at: claimedAt });
  await pushPoints(app, userId, 'achievement');
  return { achievementId, pointsAwarded: definition.bonusPoints, earnedDate: new Date(claimedAt).toISOString() };
}
