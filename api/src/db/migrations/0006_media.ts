import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Media: the files each content item plays from (HLS ladder, recording, episode audio, thumbnail),
 * the creator's restream destinations with their encrypted keys, and resumable uploads.
 */
export function media(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('media_assets')
        .addColumn('content_id', 'integer', (c) => c.primaryKey().references('content.id').onDelete('cascade'))
        .addColumn('status', 'text', notNull)
        .addColumn('error', 'text')
        .addColumn('hls_path', 'text')
        .addColumn('file_path', 'text')
        .addColumn('file_bytes', 'bigint')
        .addColumn('audio_path', 'text')
        .addColumn('audio_mime', 'text')
        .addColumn('audio_bytes', 'bigint')
        .addColumn('audio_sample_rate', 'integer')
        .addColumn('thumbnail_path', 'text')
        .addColumn('duration_ms', 'bigint')
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('updated_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('restream_targets'), dialect)
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('platform', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('server_url', 'text', notNull)
        .addColumn('key_cipher', 'text', notNull)
        .addColumn('key_hint', 'text', notNull)
        .addColumn('enabled', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('restream_targets_creator_idx').on('restream_targets').column('creator_id').execute();

      await db.schema
        .createTable('media_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.references('content.id').onDelete('cascade'))
        .addColumn('filename', 'text', notNull)
        .addColumn('size_bytes', 'bigint', notNull)
        .addColumn('received_bytes', 'bigint', notNull)
        .addColumn('meta', 'text', notNull)
        .addColumn('job_id', 'text')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('media_uploads_creator_idx').on('media_uploads').column('creator_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('media_uploads').execute();
      await db.schema.dropTable('restream_targets').execute();
      await db.schema.dropTable('media_assets').execute();
    },
  };
}
