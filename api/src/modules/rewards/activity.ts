/**
 * A person's activity per UTC day as running totals (migration 0020): each write that counts towards
 * rewards adds to its day's row in the same transaction, and the reward rules read the rows back.
 * `recountUserActivity` (in the migration) rebuilds them from the records when needed.
 */
import type { Kysely } from 'kysely';
import { DAY_MS } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';

export type ActivityCounts = { points: number; messages: number; votes: number; questions: number; shares: number; watchSeconds: number };
const NONE: ActivityCounts = { points: 0, messages: 0, votes: 0, questions: 0, shares: 0, watchSeconds: 0 };

export const dayNumber = (t: number) => Math.floor(t / DAY_MS);

/** Adds to a person's counts for the day of `at`. Call in the transaction that writes the record. */
export async function countActivity(db: Kysely<Database>, userId: number, at: number, add: Partial<ActivityCounts>): Promise<void> {
  const values = { ...NONE, ...add };
  await db
    .insertInto('userActivityDays')
    .values({ userId, day: dayNumber(at), ...values })
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
    .execute();
}

/** A person's day rows from `since` on (a time), newest first. */
export async function activityDays(db: Kysely<Database>, userId: number, since: number): Promise<(ActivityCounts & { day: number })[]> {
  const rows = await db
    .selectFrom('userActivityDays')
    .select(['day', 'points', 'messages', 'votes', 'questions', 'shares', 'watchSeconds'])
    .where('userId', '=', userId)
    .where('day', '>=', dayNumber(since))
    .orderBy('day', 'desc')
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    points: Number(r.points),
    messages: Number(r.messages),
    votes: Number(r.votes),
    questions: Number(r.questions),
    shares: Number(r.shares),
    watchSeconds: Number(r.watchSeconds),
  }));
}

/** The sums of day rows. */
export function totalsOf(days: readonly ActivityCounts[]): ActivityCounts {
  const total = { ...NONE };
  for (const day of days) for (const key of Object.keys(total) as (keyof ActivityCounts)[]) total[key] += day[key];
  return total;
}
