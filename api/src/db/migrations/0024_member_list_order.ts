import type { Kysely } from 'kysely';

/**
 * The staff's members list is read a page at a time, newest first: an index in that order lets a
 * school of tens of thousands answer its first page without sorting every member.
 */
export function memberListOrder() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('institution_members_newest_idx').on('institution_members').columns(['institution_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('institution_members_newest_idx').execute();
    },
  };
}
