import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * A school asks an existing account to join instead of adding it: staff who name a username (or a CSV
 * row with an account's email) leave an invitation here, and the person becomes a teacher or student,
 * and lands on the roster it names, only when they accept it. Before, anyone who made a school could
 * put any account in it and read that account's email and name off the roster. One open invitation
 * per school and account: asking again replaces it.
 */
export function accountInvitations(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('institution_account_invitations'), dialect)
        .addColumn('institution_id', 'integer', (c) => c.notNull().references('institutions.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role', 'text', notNull)
        .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('institution_account_invitations_pair_idx').on('institution_account_invitations').columns(['institution_id', 'user_id']).unique().execute();
      await db.schema.createIndex('institution_account_invitations_user_idx').on('institution_account_invitations').column('user_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('institution_account_invitations').execute();
    },
  };
}
