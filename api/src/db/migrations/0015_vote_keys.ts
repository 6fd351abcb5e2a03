import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Votes carry the client's idempotency key (issue 12, point 4), as chat messages do: a vote sent over
 * the socket whose acknowledgement was lost is retried over REST with the same key, and the retry is
 * told the vote counted instead of "already voted".
 */
export function voteKeys(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('poll_votes').addColumn('idempotency_key', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('poll_votes').dropColumn('idempotency_key').execute();
    },
  };
}
