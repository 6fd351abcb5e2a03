import { sql, type Kysely } from 'kysely';

/**
 * Running poll tallies (issue 14, point 2): one row per (poll, option) with its votes so far, kept in
 * the vote's own transaction (polls/tally-counters.ts). A tally is then a read of a few rows, not a
 * count over every vote of the poll, which made each vote of a busy poll slower than the one before.
 * Rows cascade with their poll, as its votes do.
 */
export function pollTallies() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('poll_tallies')
        .addColumn('poll_id', 'integer', (c) => c.notNull().references('polls.id').onDelete('cascade'))
        .addColumn('option_index', 'integer', (c) => c.notNull())
        .addColumn('votes', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('poll_tallies_pk', ['poll_id', 'option_index'])
        .execute();
      await recountPollTallies(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('poll_tallies').execute();
    },
  };
}

/** Recomputes the tallies of the given polls (all when none are given) from their votes. */
export async function recountPollTallies(db: Kysely<any>, pollIds?: number[]): Promise<void> {
  if (pollIds && pollIds.length === 0) return;
  const only = pollIds ? sql` where poll_id in (${sql.join(pollIds)})` : sql``;
  await sql`delete from poll_tallies${only}`.execute(db);
  await sql`insert into poll_tallies (poll_id, option_index, votes)
    select poll_id, option_index, count(*) from poll_votes${only} group by poll_id, option_index`.execute(db);
}
