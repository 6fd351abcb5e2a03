/**
 * The points ledger: every award is a row naming the action and what earned it (`ref`). A unique index
 * on (user, action, ref) makes awards idempotent: a retried message or a re-counted view never pays twice.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS } from '@onair/protocol';
import { activityDays, countActivity, totalsOf } from './activity.ts';

export const POINTS = {
  chat: 2,
  vote: 5,
  question: 3,
  share: 10,
  /** Per full minute watched. */
  watchMinute: 1,
} as const;

/** Every 500 points is a level; level 1 starts at 0. */
export const POINTS_PER_LEVEL = 500;
export const levelForPoints = (points: number) => Math.floor(Math.max(0, points) / POINTS_PER_LEVEL) + 1;

export async function awardPoints(
  db: Kysely<Database>,
  award: { userId: number; action: string; points: number; ref: string; at?: number },
): Promise<boolean> {
  if (award.points <= 0) return false;
  const at = award.at ?? Date.now();
  const inserted = await db
    .insertInto('pointsLedger')
    .values({ userId: award.userId, action: award.action, points: award.points, ref: award.ref, createdAt: at })
    .onConflict((oc) => oc.columns(['userId', 'action', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await countActivity(db, award.userId, at, { points: award.points, shares: award.action === 'share' ? 1 : 0 });
  return true;
}

/** A person's points: the sum of their day totals (rewards/activity.ts), which the ledger's awards keep. */
export async function totalPoints(db: Kysely<Database>, userId: number): Promise<number> {
  return totalsOf(await activityDays(db, userId, 0)).points;
}

export async function leaderboard(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('pointsLedger')
    .innerJoin('users', 'users.id', 'pointsLedger.userId')
    .select(['users.id as userId', 'users.username', (eb) => eb.fn.sum<number>('pointsLedger.points').as('points')])
    .where('users.status', '=', 'active')
    .groupBy(['users.id', 'users.username'])
    .orderBy('points', 'desc')
    .orderBy('users.id')
    .limit(limit)
    .execute();
  return rows.map((r, i) => ({ userId: r.userId, username: r.username, points: Number(r.points), rank: i + 1 }));
}

export const utcDayStart = (t: number) => Math.floor(t / DAY_MS) * DAY_MS;
/** The UTC day of a time as YYYY-MM-DD: the ref of once-a-day awards. */
export const utcDayKey = (t: number) => new Date(utcDayStart(t)).toISOString().slice(0, 10);

/** Consecutive days with activity, ending today or yesterday (a streak survives until a day is missed). */
export function streakLength(days: number[], today: number): number {
  if (days.length === 0) return 0;
  let expected = days[0] === today || days[0] === today - 1 ? days[0]! : -1;
  if (expected < 0) return 0;
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak += 1;
    expected -= 1;
  }
  return streak;
}
