/**
 * Poll tallies from running totals (migration 0019): a vote adds one to its option's row in the same
 * transaction that stores it (its batch's, see vote-batcher.ts), and a tally reads those rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { inLockOrder } from '../../db/locks.ts';

/** Counts a batch of votes, one statement per poll option; call inside the transaction that inserted them. */
export async function addVotes(db: Kysely<Database>, votes: readonly { pollId: number; optionIndex: number }[]): Promise<void> {
  const perOption = new Map<string, { pollId: number; optionIndex: number; votes: number }>();
  for (const v of votes) {
    const key = `${v.pollId}:${v.optionIndex}`;
    const entry = perOption.get(key) ?? { pollId: v.pollId, optionIndex: v.optionIndex, votes: 0 };
    entry.votes += 1;
    perOption.set(key, entry);
  }
  // In one order (poll, then option) in every transaction: two batches on Postgres that met the same
  // options in opposite orders would each hold the row the other waits for (db/locks.ts).
  for (const row of inLockOrder([...perOption.values()], (r) => [r.pollId, r.optionIndex])) {
    await db
      .insertInto('pollTallies')
      .values(row)
      .onConflict((oc) => oc.columns(['pollId', 'optionIndex']).doUpdateSet((eb) => ({ votes: eb('pollTallies.votes', '+', eb.ref('excluded.votes')) })))
      .execute();
  }
}

/** Votes per option of each poll, as stored by addVotes. */
export function readTallies(db: Kysely<Database>, pollIds: number[]) {
  return db.selectFrom('pollTallies').select(['pollId', 'optionIndex', 'votes']).where('pollId', 'in', pollIds).execute();
}
