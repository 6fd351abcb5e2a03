/**
 * Poll tallies from running totals (migration 0019): a vote adds one to its option's row in the same
 * transaction that stores it, and a tally reads those rows.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Counts one vote; call inside the transaction that inserted it. */
export async function countVote(db: Kysely<Database>, pollId: number, optionIndex: number): Promise<void> {
  await db
    .insertInto('pollTallies')
    .values({ pollId, optionIndex, votes: 1 })
    .onConflict((oc) => oc.columns(['pollId', 'optionIndex']).doUpdateSet((eb) => ({ votes: eb('pollTallies.votes', '+', 1) })))
    .execute();
}

/** Votes per option of each poll, as stored by countVote. */
export function readTallies(db: Kysely<Database>, pollIds: number[]) {
  return db.selectFrom('pollTallies').select(['pollId', 'optionIndex', 'votes']).where('pollId', 'in', pollIds).execute();
}
