import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/** Creator subscriptions and earnings, satellite receivers, stream configurations and streams. */
export function creators(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('creator_subscribers')
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', notNull)
        // One subscription per person per creator, even when two clicks race.
        .addPrimaryKeyConstraint('creator_subscribers_pk', ['creator_id', 'user_id'])
        .execute();
      await db.schema.createIndex('creator_subscribers_user_idx').on('creator_subscribers').column('user_id').execute();

      await withId(db.schema.createTable('creator_earnings'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('source', 'text', notNull)
        .addColumn('amount_cents', 'integer', notNull)
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
        .addColumn('ref', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('creator_earnings_creator_idx').on('creator_earnings').columns(['creator_id', 'created_at']).execute();

      await withId(db.schema.createTable('satellite_receivers'), dialect)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'text', notNull)
        .addColumn('device_name', 'text', notNull)
        .addColumn('model', 'text', notNull)
        .addColumn('firmware_version', 'text')
        .addColumn('latitude', 'real')
        .addColumn('longitude', 'real')
        .addColumn('region', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('last_seen', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .addUniqueConstraint('satellite_receivers_owner_device_uq', ['owner_id', 'device_id'])
        .execute();

      await withId(db.schema.createTable('stream_configs'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('destinations', 'text', notNull)
        .addColumn('bitrate', 'integer', notNull)
        .addColumn('resolution', 'text', notNull)
        .addColumn('save_recording', 'integer', notNull)
        .addColumn('generate_podcast', 'integer', notNull)
        .addColumn('content_type', 'text', notNull)
        .addColumn('stream_key_cipher', 'text', notNull)
        .addColumn('stream_key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('streams'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('config_id', 'integer', (c) => c.notNull().references('stream_configs.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('title', 'text', notNull)
        .addColumn('destinations', 'text', notNull)
        .addColumn('bitrate', 'integer', notNull)
        .addColumn('resolution', 'text', notNull)
        .addColumn('save_recording', 'integer', notNull)
        .addColumn('generate_podcast', 'integer', notNull)
        .addColumn('started_at', 'bigint', notNull)
        .addColumn('ended_at', 'bigint')
        .execute();
      await db.schema.createIndex('streams_creator_idx').on('streams').columns(['creator_id', 'ended_at']).execute();
      // A configuration is on air at most once: two concurrent starts cannot both succeed.
      await db.schema
        .createIndex('streams_one_live_per_config')
        .on('streams')
        .column('config_id')
        .unique()
        .where(sql.ref('ended_at'), 'is', null)
        .execute();
    },
  };
}
