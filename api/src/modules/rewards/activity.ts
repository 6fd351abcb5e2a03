/**
 * A person's activity per UTC day as running totals (migration 0020), and their points all time
 * (migration 0026): each write that counts towards rewards adds to its day's row and to the person's
 * total in the same transaction, and the reward rules read them back. `recountUserActivity` and
 * `recountUserPoints` (in the migrations) rebuild them from the records when needed.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '@onair/protocol';
import { chunks } from '../../db/batches.ts';
import type { Database } from '../../db/schema.ts';
import { compiledForOne } from '../../db/compiled-once.ts';
import { inLockOrder } from '../../db/locks.ts';

export type ActivityCounts = { points: number; messages: number; votes: number; questions: number; shares: number; watchSeconds: number };
const NONE: ActivityCounts = { points: 0, messages: 0, votes: 0, questions: 0, shares: 0, watchSeconds: 0 };

export const dayNumber = (t: number) => Math.floor(t / DAY_MS);

type DayRow = ActivityCounts & { userId: number; day: number };

/** Adds to a person's counts for the day of `at`. Call in the transaction that writes the record. */
export async function countActivity(db: Kysely<Database>, userId: number, at: number, add: Partial<ActivityCounts>): Promise<void> {
  await countActivities(db, [{ userId, at, add }]);
}

/** What `countActivities` wrote, as it stands after the write. */
export interface Counted {
  /** The new points total of each person whose points moved. */
  points: Map<number, number>;
  /** Each (person, day) row it added to, under `dayKey(userId, day)`. */
  days: Map<string, ActivityCounts>;
}

export const dayKey = (userId: number, day: number) => `${userId}:${day}`;

/**
 * Adds many people's counts in one statement per few hundred (person, day) rows, as a batch of votes needs,
 * and their points to their totals. Entries for the same person and day are summed first: one statement
 * may not update a row twice. Answers the rows and totals as the writes left them (their upserts answer
 * them), so a caller that needs them (the daily challenges) reads nothing more.
 */
export async function countActivities(
  db: Kysely<Database>,
  entries: readonly { userId: number; at: number; add: Partial<ActivityCounts> }[],
): Promise<Counted> {
  const rows = new Map<string, DayRow>();
  const points = new Map<number, number>();
  for (const { userId, at, add } of entries) {
    const day = dayNumber(at);
    const key = dayKey(userId, day);
    const row = rows.get(key) ?? { userId, day, ...NONE };
    for (const k of Object.keys(add) as (keyof ActivityCounts)[]) row[k] += add[k] ?? 0;
    rows.set(key, row);
    if (add.points) points.set(userId, (points.get(userId) ?? 0) + add.points);
  }
  const days = new Map<string, ActivityCounts>();
  for (const chunk of chunks(inLockOrder([...rows.values()], (r) => [r.userId, r.day]))) {
    for (const r of await addToDays(db, chunk)) days.set(dayKey(r.userId, Number(r.day)), countsOf(r));
  }
  const totals = new Map<number, number>();
  const moved = inLockOrder(
    [...points].filter(([, added]) => added !== 0).map(([userId, added]) => ({ userId, points: added })),
    (r) => [r.userId],
  );
  for (const chunk of chunks(moved)) for (const r of await addToTotals(db, chunk)) totals.set(r.userId, Number(r.points));
  return { points: totals, days };
}

/** Adds each row's counts to its (person, day) totals, making the row if it is the day's first; answers the rows. */
const addToDays = compiledForOne((db, rows: readonly DayRow[]) =>
  db
    .insertInto('userActivityDays')
    .values(
      rows.map((r) => ({
        userId: r.userId,
        day: r.day,
        points: r.points,
        messages: r.messages,
        votes: r.votes,
        questions: r.questions,
        shares: r.shares,
        watchSeconds: r.watchSeconds,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'day']).doUpdateSet((eb) => ({
        points: eb('userActivityDays.points', '+', eb.ref('excluded.points')),
        messages: eb('userActivityDays.messages', '+', eb.ref('excluded.messages')),
        votes: eb('userActivityDays.votes', '+', eb.ref('excluded.votes')),
        questions: eb('userActivityDays.questions', '+', eb.ref('excluded.questions')),
        shares: eb('userActivityDays.shares', '+', eb.ref('excluded.shares')),
        watchSeconds: eb('userActivityDays.watchSeconds', '+', eb.ref('excluded.watchSeconds')),
      })),
    )
    .returning(['userId', 'day', ...COUNT_COLUMNS]),
);

/** Adds each row's points to the person's total, making the row at their first points; answers the new totals. */
const addToTotals = compiledForOne((db, rows: readonly { userId: number; points: number }[]) =>
  db
    .insertInto('userPoints')
    .values(rows.map((r) => ({ userId: r.userId, points: r.points })))
    .onConflict((oc) => oc.column('userId').doUpdateSet((eb) => ({ points: eb('userPoints.points', '+', eb.ref('excluded.points')) })))
    .returning(['userId', 'points']),
);

type Person = { userId: number };
const people = (ids: readonly number[]): Person[] => ids.map((userId) => ({ userId }));

const pointsQuery = compiledForOne((db, rows: readonly Person[]) =>
  db
    .selectFrom('userPoints')
    .select(['userId', 'points'])
    .where('userId', 'in', rows.map((r) => r.userId)),
);

const dayCountsQuery = compiledForOne((db, rows: readonly Person[], shared: { day: number }) =>
  db
    .selectFrom('userActivityDays')
    .select(['userId', ...COUNT_COLUMNS])
    .where('userId', 'in', rows.map((r) => r.userId))
    .where('day', '=', shared.day),
);

/** Each person's points (zero before their first), for many people at once. */
export async function pointsOf(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  const points = new Map(userIds.map((id) => [id, 0]));
  for (const ids of chunks(userIds)) {
    const rows = await pointsQuery(db, people(ids));
    for (const r of rows) points.set(r.userId, Number(r.points));
  }
  return points;
}

/** Each person's counts for one day (zeros where they have no row), for many people at once. */
export async function dayCountsOf(db: Kysely<Database>, userIds: readonly number[], day: number): Promise<Map<number, ActivityCounts>> {
  const counts = new Map(userIds.map((id) => [id, { ...NONE }]));
  for (const ids of chunks(userIds)) {
    const rows = await dayCountsQuery(db, people(ids), { day });
    for (const r of rows) counts.set(r.userId, countsOf(r));
  }
  return counts;
}

/** A person's day rows from `since` on (a time), newest first. */
export async function activityDays(db: Kysely<Database>, userId: number, since: number): Promise<(ActivityCounts & { day: number })[]> {
  const rows = await db
    .selectFrom('userActivityDays')
    .select(['day', ...COUNT_COLUMNS])
    .where('userId', '=', userId)
    .where('day', '>=', dayNumber(since))
    .orderBy('day', 'desc')
    .execute();
  return rows.map((r) => ({ day: Number(r.day), ...countsOf(r) }));
}

const COUNT_COLUMNS = ['points', 'messages', 'votes', 'questions', 'shares', 'watchSeconds'] as const;

/** Postgres answers bigint columns as strings. */
const countsOf = (r: Record<(typeof COUNT_COLUMNS)[number], number | string>): ActivityCounts => ({
  points: Number(r.points),
  messages: Number(r.messages),
  votes: Number(r.votes),
  questions: Number(r.questions),
  shares: Number(r.shares),
  watchSeconds: Number(r.watchSeconds),
});

/** The sums of day rows. */
export function totalsOf(days: readonly ActivityCounts[]): ActivityCounts {
  const total = { ...NONE };
  for (const day of days) for (const key of Object.keys(total) as (keyof ActivityCounts)[]) total[key] += day[key];
  return total;
}
