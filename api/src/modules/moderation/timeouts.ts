/**
 * Timeouts given by moderators: while one runs, what the user writes for others to read (chat
 * messages and questions to the host) is refused with 403, so a question cannot route around it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { compiledOnce } from '../../db/compiled-once.ts';

const longestTimeout = compiledOnce((db, p: { userId: number; now: number }) =>
  db
    .selectFrom('chatTimeouts')
    .select((eb) => eb.fn.max<number>('until').as('until'))
    .where('userId', '=', p.userId)
    .where('until', '>', p.now),
);

/** When the user's longest running timeout ends, or null when none runs. Every chat message asks. */
export async function timedOutUntil(db: Kysely<Database>, userId: number, now = Date.now()): Promise<number | null> {
  const row = await longestTimeout.takeFirst(db, { userId, now });
  return row?.until == null ? null : Number(row.until);
}

/** "until 14:05 UTC" and "30 minutes", as a timeout is told to the one timed out. */
export function describeTimeout(until: number, now = Date.now()): { at: string; minutes: string } {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return { at: `until ${new Date(until).toISOString().slice(11, 16)} UTC`, minutes: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

/** Throws 403 with the end time while a timeout runs. */
export async function assertMayWrite(db: Kysely<Database>, userId: number, now = Date.now()): Promise<void> {
  const until = await timedOutUntil(db, userId, now);
  if (until === null) return;
  const { at, minutes } = describeTimeout(until, now);
  throw forbidden(`A moderator has timed you out of chat and Q&A ${at} (${minutes} left)`);
}
