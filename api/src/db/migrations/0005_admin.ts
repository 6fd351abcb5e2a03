import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/** Ratings, chat timeouts, notifications, regional curation and the admin action log. */
export function admin(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('content_ratings')
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('rating', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('content_ratings_pk', ['content_id', 'user_id'])
        .execute();

      await withId(db.schema.createTable('chat_timeouts'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('until', 'bigint', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('moderation_item_id', 'integer', (c) => c.references('moderation_items.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('chat_timeouts_user_idx').on('chat_timeouts').columns(['user_id', 'until']).execute();

      await withId(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('kind', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'created_at']).execute();

      await withId(db.schema.createTable('regional_curations'), dialect)
        .addColumn('region', 'text', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('priority', 'text', notNull)
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      // Applying a curation again for the same region and type replaces its priority (an upsert).
      await db.schema.createIndex('regional_curations_unique_idx').on('regional_curations').columns(['region', 'content_type']).unique().execute();

      await withId(db.schema.createTable('admin_actions'), dialect)
        .addColumn('admin_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', notNull)
        .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('target_id', 'integer')
        .addColumn('detail', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('admin_actions_created_idx').on('admin_actions').column('created_at').execute();

      // Per-viewer lookups: churn, last activity in the users list.
      await db.schema.createIndex('view_events_viewer_idx').on('view_events').columns(['viewer_key', 'created_at']).execute();
      await db.schema.createIndex('chat_created_idx').on('chat_messages').column('created_at').execute();
    },
  };
}
