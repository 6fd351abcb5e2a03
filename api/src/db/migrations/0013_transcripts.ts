import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Transcripts of on-demand items (one per item: WebVTT, plain text, and the cues again as rows so that
 * they can be searched and a hit can name its moment). Search is SQLite FTS5 (an external-content
 * index kept by triggers) or, on Postgres, a GIN index over `to_tsvector('simple', text)`; both
 * tokenise without stemming, so the two databases find the same cues.
 */
export function transcripts(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('transcripts')
        .addColumn('content_id', 'integer', (c) => c.primaryKey().references('content.id').onDelete('cascade'))
        .addColumn('status', 'text', notNull)
        .addColumn('language', 'text', notNull)
        .addColumn('engine', 'text')
        // The media job whose files were transcribed: one transcript job per processed file, on any node.
        .addColumn('source_key', 'text', notNull)
        .addColumn('job_id', 'text')
        // The transcript job whose result the podcast feeds were rebuilt for (one rebuild per transcript, on any node).
        .addColumn('feed_job_id', 'text')
        .addColumn('error', 'text')
        .addColumn('vtt', 'text', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();

      // Translated subtitle tracks of a transcript, one per language.
      await db.schema
        .createTable('transcript_translations')
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('language', 'text', notNull)
        .addColumn('engine', 'text', notNull)
        .addColumn('vtt', 'text', notNull)
        .addColumn('job_id', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('transcript_translations_pk', ['content_id', 'language'])
        .execute();

      await withId(db.schema.createTable('transcript_cues'), dialect)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('start_ms', 'integer', notNull)
        .addColumn('end_ms', 'integer', notNull)
        .addColumn('text', 'text', notNull)
        .execute();
      await db.schema.createIndex('transcript_cues_content_idx').on('transcript_cues').columns(['content_id', 'start_ms']).execute();

      if (dialect === 'postgres') {
        await sql`CREATE INDEX transcript_cues_search_idx ON transcript_cues USING GIN (to_tsvector('simple', text))`.execute(db);
        return;
      }
      await sql`CREATE VIRTUAL TABLE transcript_cues_fts USING fts5(text, content='transcript_cues', content_rowid='id')`.execute(db);
      await sql`CREATE TRIGGER transcript_cues_ai AFTER INSERT ON transcript_cues BEGIN
        INSERT INTO transcript_cues_fts(rowid, text) VALUES (new.id, new.text);
      END`.execute(db);
      await sql`CREATE TRIGGER transcript_cues_ad AFTER DELETE ON transcript_cues BEGIN
        INSERT INTO transcript_cues_fts(transcript_cues_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END`.execute(db);
      await sql`CREATE TRIGGER transcript_cues_au AFTER UPDATE ON transcript_cues BEGIN
        INSERT INTO transcript_cues_fts(transcript_cues_fts, rowid, text) VALUES ('delete', old.id, old.text);
        INSERT INTO transcript_cues_fts(rowid, text) VALUES (new.id, new.text);
      END`.execute(db);
    },
  };
}
