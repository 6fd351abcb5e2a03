/**
 * The points ledger: every award is a row naming the action and what earned it (`ref`). A unique index
 * on (user, action, ref) makes awards idempotent: a retried message or a re-counted view never pays twice.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DAY_MS } from '@onair/protocol';

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
  const inserted = await db
    .insertInto('pointsLedger')
    .values({ userId: award.userId, action: award.action, points: award.points, ref: award.ref, createdAt: award.at ?? Date.now() })
    .onConflict((oc) => oc.columns(['userId', 'action', 'ref']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function totalPoints(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('pointsLedger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('total'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
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

/** Distinct UTC days with any award, newest first, for streaks. */
export async function activeDays(db: Kysely<Database>, userId: number, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('pointsLedger')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('createdAt', '>=', since)
    .execute();
  return [...new Set(rows.map((r) => Math.floor(r.createdAt / DAY_MS)))].sort((a, b) => b - a);
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
