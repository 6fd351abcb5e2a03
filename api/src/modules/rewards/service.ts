import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { LIST_LIMITS, rooms, type GamificationResponse } from '@onair/protocol';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { achievementStatus, ACHIEVEMENTS, CHALLENGE_METRIC, challengeAward, dailyChallengeStatus, todayStart, userMetrics, type Metric } from './achievements.ts';
import { countActivities, dayCountsOf, dayKey, dayNumber, type ActivityCounts } from './activity.ts';
import { insertAwards, leaderboard, levelForPoints, paidCounts, totalPoints, type Award } from './ledger.ts';

async function claimsOf(app: FastifyInstance, userId: number) {
  const rows = await app.db.kysely.selectFrom('achievementClaims').select(['achievementId', 'claimedAt']).where('userId', '=', userId).execute();
  return new Map(rows.map((r) => [r.achievementId, r.claimedAt]));
}

/** Tells the user's sockets their new total, so the header's points and level move live. */
export async function pushPoints(app: FastifyInstance, userId: number, reason: string, known?: number) {
  const points = known ?? (await totalPoints(app.db.kysely, userId));
  app.io.to(rooms.user(userId)).emit('gamification:points', { points, level: levelForPoints(points), reason });
}

/**
 * Awards points for an action (idempotent per ref), then pays any daily challenge the action completed.
 */
export async function rewardAction(app: FastifyInstance, award: Award): Promise<void> {
  // The award and the day totals it adds to commit together.
  const total = await app.db.kysely.transaction().execute((trx) => recordReward(trx, award));
  if (total !== null) await pushPoints(app, award.userId, award.action, total);
}

/** The daily-challenge metric each rewarded action moves (a question moves none). */
const ACTION_METRIC: Partial<Record<string, Metric>> = { chat: 'messages', vote: 'votes', share: 'shares', watch: 'watchSeconds' };

/** An action to reward, with what the action itself adds to its day's totals (paid or not). */
export interface RewardedAction extends Award {
  counts?: Partial<ActivityCounts>;
  /** When the counts happened, where not at the award's time: a view counts its seconds on the day it began. */
  countsAt?: number;
}

/**
 * The database half of rewarding: for callers that write the actions in the same transaction. Answers
 * the person's new points total if anything was paid, else null (then the caller pushes the total
 * after committing).
 */
export async function recordReward(db: Kysely<Database>, action: RewardedAction): Promise<number | null> {
  return (await recordRewards(db, [action])).get(action.userId) ?? null;
}

/**
 * Rewards many actions in a few statements whatever their number (a batch of votes is one call): the
 * ledger rows not paid before, one upsert of the day totals (the actions' own counts and the points
 * paid), then the daily challenges those actions completed, read from the day totals just written;
 * only a challenge on a metric that a person's actions moved can have been completed by them.
 * Answers each person who was paid anything, with their new points total.
 */
export async function recordRewards(db: Kysely<Database>, actions: readonly RewardedAction[]): Promise<Map<number, number>> {
  const now = Date.now();
  const paid = await insertAwards(db, actions);
  const counted = await countActivities(db, [
    ...actions.flatMap((a) => (a.counts ? [{ userId: a.userId, at: a.countsAt ?? a.at ?? now, add: a.counts }] : [])),
    ...paid.map((a) => ({ userId: a.userId, at: a.at, add: paidCounts(a) })),
  ]);
  const totals = counted.points;

  const moved = new Map<number, Set<Metric>>();
  for (const a of actions) {
    const metric = ACTION_METRIC[a.action];
    if (metric) moved.set(a.userId, (moved.get(a.userId) ?? new Set()).add(metric));
  }
  // Today's counts as the upsert above left them; read only for someone it did not write today.
  const todayNumber = dayNumber(now);
  const unwritten = [...moved.keys()].filter((userId) => !counted.days.has(dayKey(userId, todayNumber)));
  const read = unwritten.length > 0 ? await dayCountsOf(db, unwritten, todayNumber) : new Map<number, ActivityCounts>();
  const challenges: Award[] = [];
  for (const [userId, metrics] of moved) {
    const today = counted.days.get(dayKey(userId, todayNumber)) ?? read.get(userId)!;
    for (const challenge of dailyChallengeStatus({ ...today, streakDays: 0 })) {
      if (challenge.completed && metrics.has(CHALLENGE_METRIC[challenge.id as keyof typeof CHALLENGE_METRIC])) {
        challenges.push({ userId, ...challengeAward(challenge.id, now), points: challenge.points, at: now });
      }
    }
  }
  const challengesPaid = await insertAwards(db, challenges);
  const afterChallenges = await countActivities(db, challengesPaid.map((a) => ({ userId: a.userId, at: a.at, add: paidCounts(a) })));
  for (const [userId, points] of afterChallenges.points) totals.set(userId, points);
  return totals;
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
  const total = await recordReward(db, { userId, action: 'achievement', points: definition.bonusPoints, ref: achievementId, at: claimedAt });
  await pushPoints(app, userId, 'achievement', total ?? undefined);
  return { achievementId, pointsAwarded: definition.bonusPoints, earnedDate: new Date(claimedAt).toISOString() };
}
