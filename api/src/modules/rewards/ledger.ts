/**
 * The points ledger: every award is a row naming the action and what earned it (`ref`). A unique index
 * on (user, action, ref) makes awards idempotent: a retried message or a re-counted view never pays twice.
 */
import type { Kysely } from 'kysely';
import type { Database, PointsLedgerTable } from '../../db/schema.ts';
import { compiledForOne } from '../../db/compiled-once.ts';
import { DAY_MS } from '@onair/protocol';
import { chunks } from '../../db/batches.ts';
import { inLockOrder } from '../../db/locks.ts';
import { pointsOf, type ActivityCounts } from './activity.ts';

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

export interface Award {
  userId: number;
  action: string;
  points: number;
  /** What earned it: with the person and the action, the ledger's unique key. */
  ref: string;
  at?: number;
}

export type PaidAward = Required<Award>;

/** Ledger rows not held yet (same person, action and ref) go in; answers those that did. */
const insertLedgerRows = compiledForOne((db, rows: readonly Omit<PointsLedgerTable, 'id'>[]) =>
  db
    .insertInto('pointsLedger')
    .values(rows.map((r) => ({ userId: r.userId, action: r.action, points: r.points, ref: r.ref, createdAt: r.createdAt })))
    .onConflict((oc) => oc.columns(['userId', 'action', 'ref']).doNothing())
    .returning(['userId', 'action', 'points', 'ref', 'createdAt']),
);

/**
 * Writes the awards the ledger does not hold yet, a few hundred per statement, and answers those: an
 * award already paid (a retry, a re-count) is left out, whether it was paid before or earlier in `awards`.
 */
export async function insertAwards(db: Kysely<Database>, awards: readonly Award[]): Promise<PaidAward[]> {
  const now = Date.now();
  const rows = inLockOrder(
    awards.filter((a) => a.points > 0).map((a) => ({ userId: a.userId, action: a.action, points: a.points, ref: a.ref, createdAt: a.at ?? now })),
    (r) => [r.userId, r.action, r.ref],
  );
  const paid: PaidAward[] = [];
  for (const chunk of chunks(rows)) {
    const inserted = await insertLedgerRows(db, chunk);
    for (const r of inserted) paid.push({ userId: r.userId, action: r.action, points: Number(r.points), ref: r.ref, at: Number(r.createdAt) });
  }
  return paid;
}

/** What a paid award adds to its day's totals: its points, and a share (paid once a day per item) counts as one. */
export const paidCounts = (award: PaidAward): Partial<ActivityCounts> => ({ points: award.points, shares: award.action === 'share' ? 1 : 0 });

/** A person's points: their running total (migration 0026), which the ledger's awards keep. */
export async function totalPoints(db: Kysely<Database>, userId: number): Promise<number> {
  return (await pointsOf(db, [userId])).get(userId)!;
}

/** The most points first, the earlier account among equals: from the running totals, not a sum of the ledger. */
export async function leaderboard(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('userPoints')
    .innerJoin('users', 'users.id', 'userPoints.userId')
    .select(['users.id as userId', 'users.username', 'userPoints.points'])
    .where('users.status', '=', 'active')
    .where('userPoints.points', '>', 0)
    .orderBy('userPoints.points', 'desc')
    .orderBy('userPoints.userId')
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
