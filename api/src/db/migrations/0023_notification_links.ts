import type { Kysely } from 'kysely';

/**
 * A notification can name the page it is about (an invitation: the Education or Church Mode page where
 * it is answered; a broadcast that ended on its own: the Studio), so the bell and a phone's push open
 * it. Notices OnAir itself sends are kind `notice` from now on (existing rows keep `admin_message`).
 */
export function notificationLinks() {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('notifications').addColumn('link', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('notifications').dropColumn('link').execute();
    },
  };
}
