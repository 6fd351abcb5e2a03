import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';
import { notNull, withId } from './helpers.ts';

/** Likes, translations (manual and AI) and stored recommendations with the run that produced them. */
export function ai(dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('content_likes')
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('content_likes_pk', ['content_id', 'user_id'])
        .execute();
      await db.schema.createIndex('content_likes_user_idx').on('content_likes').column('user_id').execute();

      await withId(db.schema.createTable('translations'), dialect)
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('language', 'text', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('description', 'text')
        .addColumn('ai_generated', 'integer', (c) => c.notNull().defaultTo(0))
        /** The job that wrote an AI translation; null for manual ones. */
        .addColumn('job_id', 'text')
        .addColumn('engine', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('translations_content_idx').on('translations').columns(['content_id', 'created_at']).execute();
      // A retried translation job inserts with the same job id: the index turns the retry into a no-op.
      // Manual rows have a null job id, and nulls never collide, so people may add several.
      await db.schema
        .createIndex('translations_job_idx')
        .on('translations')
        .columns(['content_id', 'language', 'ai_generated', 'job_id'])
        .unique()
        .execute();

      await db.schema
        .createTable('ai_recommendations')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('rank', 'integer', notNull)
        .addColumn('confidence', 'real', notNull)
        .addColumn('signal', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('computed_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('ai_recommendations_pk', ['user_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('recommendation_runs')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        /** 'history' (the user's own signals) or 'trending' (no history yet). */
        .addColumn('basis', 'text', notNull)
        .addColumn('items', 'integer', notNull)
        .addColumn('computed_at', 'bigint', notNull)
        .execute();
    },
  };
}
