import { sql, type Kysely } from 'kysely';

/**
 * One translation per item and language: adding a language again (by hand or by a translation job)
 * replaces the one there, and a unique index keeps it so under concurrent requests. Existing
 * duplicates keep their last written row. The index replaces translations_job_idx, which it implies.
 */
export function translationPerLanguage() {
  return {
    async up(db: Kysely<any>) {
      await sql`delete from translations where id not in (select max(id) from translations group by content_id, language)`.execute(db);
      await db.schema.createIndex('translations_language_idx').on('translations').columns(['content_id', 'language']).unique().execute();
      await db.schema.dropIndex('translations_job_idx').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('translations_job_idx').on('translations').columns(['content_id', 'language', 'ai_generated', 'job_id']).unique().execute();
      await db.schema.dropIndex('translations_language_idx').execute();
    },
  };
}
