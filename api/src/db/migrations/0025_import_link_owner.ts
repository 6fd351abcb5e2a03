import type { Kysely } from 'kysely';

/**
 * An imported account's sign-in links are found by their account: the members list shows when each
 * one's link stops working, and a new link replaces the unused one. Without this index both scan
 * every link the server ever made.
 */
export function importLinkOwner() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('institution_invitations_user_idx').on('institution_invitations').columns(['user_id', 'institution_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('institution_invitations_user_idx').execute();
    },
  };
}
