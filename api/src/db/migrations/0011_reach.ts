import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Reach: phones linked for SMS and USSD, Web Push subscriptions (the /mobile devices), paired smart
 * TVs, connected voice assistants and offline downloads.
 */
export function reach(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('phone_links'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('phone', 'text', notNull)
        .addColumn('code_hash', 'text')
        .addColumn('code_expires_at', 'bigint')
        .addColumn('confirmed_at', 'bigint')
        .addColumn('subscribed', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('phone_links_phone_idx').on('phone_links').column('phone').unique().execute();
      await db.schema.createIndex('phone_links_user_idx').on('phone_links').column('user_id').execute();

      await withId(db.schema.createTable('push_devices'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_type', 'text', notNull)
        .addColumn('device_name', 'text', notNull)
        .addColumn('app_version', 'text', notNull)
        .addColumn('endpoint', 'text', notNull)
        .addColumn('p256dh', 'text', notNull)
        .addColumn('auth', 'text', notNull)
        .addColumn('notifications', 'integer', notNull)
        .addColumn('last_active', 'bigint', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('push_devices_endpoint_idx').on('push_devices').column('endpoint').unique().execute();
      await db.schema.createIndex('push_devices_user_idx').on('push_devices').column('user_id').execute();

      await withId(db.schema.createTable('tv_devices'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('device_name', 'text', notNull)
        .addColumn('platform', 'text', notNull)
        .addColumn('token_hash', 'text', notNull)
        .addColumn('pairing_code', 'text')
        .addColumn('pairing_expires_at', 'bigint')
        .addColumn('last_used', 'bigint', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('tv_devices_token_idx').on('tv_devices').column('token_hash').unique().execute();
      await db.schema.createIndex('tv_devices_code_idx').on('tv_devices').column('pairing_code').execute();
      await db.schema.createIndex('tv_devices_user_idx').on('tv_devices').column('user_id').execute();

      await withId(db.schema.createTable('voice_assistants'), dialect)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('platform', 'text', notNull)
        .addColumn('device_name', 'text', notNull)
        .addColumn('enabled', 'integer', notNull)
        .addColumn('link_code', 'text')
        .addColumn('external_user_id', 'text')
        .addColumn('last_used', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('voice_assistants_user_idx').on('voice_assistants').column('user_id').execute();
      await db.schema.createIndex('voice_assistants_external_idx').on('voice_assistants').column('external_user_id').execute();

      await db.schema
        .createTable('offline_downloads')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('bytes', 'bigint', notNull)
        .addColumn('progress', 'integer', notNull)
        .addColumn('downloaded_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('offline_downloads_pk', ['user_id', 'content_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('offline_downloads').execute();
      await db.schema.dropTable('voice_assistants').execute();
      await db.schema.dropTable('tv_devices').execute();
      await db.schema.dropTable('push_devices').execute();
      await db.schema.dropTable('phone_links').execute();
    },
  };
}
