import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/** Accounts, sessions, creator profiles, content and view events. */
export function foundation(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('users'), dialect)
        .addColumn('username', 'text', notNull)
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('role', 'text', notNull)
        .addColumn('subscription', 'text', (c) => c.notNull().defaultTo('free'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creator_request', 'text')
        .addColumn('country', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('data', 'text', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('creator_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('handle', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', notNull)
        .addColumn('bio', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('content'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text')
        .addColumn('type', 'text', notNull)
        .addColumn('category', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('duration_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('live_since', 'bigint')
        .execute();
      await db.schema.createIndex('content_status_idx').on('content').column('status').execute();
      await db.schema.createIndex('content_creator_idx').on('content').column('creator_id').execute();

      await withId(db.schema.createTable('view_events'), dialect)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('viewer_key', 'text', notNull)
        .addColumn('device', 'text', notNull)
        .addColumn('country', 'text', notNull)
        .addColumn('watch_seconds', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('view_events_content_idx').on('view_events').columns(['content_id', 'created_at']).execute();
      await db.schema.createIndex('view_events_created_idx').on('view_events').column('created_at').execute();
      await db.schema.createIndex('view_events_user_idx').on('view_events').column('user_id').execute();

      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', notNull)
        .execute();
    },
  };
}
