import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Registration does not reveal which emails have accounts (issue 13, finding 3): a sign-up with an
 * email that another account already has still creates its account, but the email stays the other
 * account's. The new account keeps a placeholder in `email` (unique, undeliverable) and the address it
 * typed in `unclaimed_email`, shown back to it alone; nothing looks accounts up by that column.
 */
export function unclaimedEmail(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('unclaimed_email', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('unclaimed_email').execute();
    },
  };
}
