import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Podcasts: shows (a creator's feed with its settings and last published XML), the episodes in each
 * show, one syndication record per episode and platform, and counted enclosure downloads.
 */
export function podcasts(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('podcast_shows'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('author', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('explicit', 'integer', notNull)
        .addColumn('auto_publish', 'integer', notNull)
        .addColumn('quality_check', 'integer', notNull)
        .addColumn('sync_metadata', 'integer', notNull)
        .addColumn('sync_frequency', 'text', notNull)
        .addColumn('cover_path', 'text')
        .addColumn('cover_mime', 'text')
        .addColumn('cover_width', 'integer')
        .addColumn('cover_height', 'integer')
        .addColumn('feed_xml', 'text')
        .addColumn('feed_etag', 'text')
        .addColumn('feed_built_at', 'bigint')
        .addColumn('last_synced_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('podcast_shows_creator_idx').on('podcast_shows').column('creator_id').execute();

      // An item belongs to at most one show, so its enclosure and GUID are the same wherever it is heard.
      await db.schema
        .createTable('podcast_episodes')
        .addColumn('content_id', 'integer', (c) => c.primaryKey().references('content.id').onDelete('cascade'))
        .addColumn('show_id', 'integer', (c) => c.notNull().references('podcast_shows.id').onDelete('cascade'))
        .addColumn('guid', 'text', notNull)
        .addColumn('added_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('podcast_episodes_show_idx').on('podcast_episodes').column('show_id').execute();

      await withId(db.schema.createTable('podcast_syndications'), dialect)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('platform', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('reasons', 'text', notNull)
        .addColumn('external_id', 'text')
        .addColumn('job_id', 'text')
        .addColumn('last_sync', 'bigint')
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', notNull)
        .addUniqueConstraint('podcast_syndications_content_platform_key', ['content_id', 'platform'])
        .execute();

      await withId(db.schema.createTable('podcast_downloads'), dialect)
        .addColumn('show_id', 'integer', (c) => c.notNull().references('podcast_shows.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('listener_key', 'text', notNull)
        .addColumn('source', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('podcast_downloads_listener_idx')
        .on('podcast_downloads')
        .columns(['content_id', 'listener_key', 'created_at'])
        .execute();
      await db.schema.createIndex('podcast_downloads_show_idx').on('podcast_downloads').columns(['show_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('podcast_downloads').execute();
      await db.schema.dropTable('podcast_syndications').execute();
      await db.schema.dropTable('podcast_episodes').execute();
      await db.schema.dropTable('podcast_shows').execute();
    },
  };
}
