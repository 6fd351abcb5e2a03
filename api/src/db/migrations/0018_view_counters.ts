import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.ts';

/**
 * Running view counters (issue 14, point 1): the content list and the landing page's stats read these
 * instead of counting over view_events, so their cost stays flat as history grows. They are kept in the
 * same transaction as each view's insert (analytics/view-counters.ts).
 *
 * - content_viewers: one row per (item, viewer) pair ever seen; its primary key is what makes
 *   "distinct viewers" countable incrementally (insert-or-ignore, count only when the row is new).
 * - content_view_counts: per item, the views and distinct viewers so far.
 * - reach_countries: one row per country a view has come from.
 * Per-item rows cascade with their item, as its view events do.
 */
export function viewCounters(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('content_viewers')
        .addColumn('content_id', 'integer', (c) => c.notNull().references('content.id').onDelete('cascade'))
        .addColumn('viewer_key', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('content_viewers_pk', ['content_id', 'viewer_key'])
        .execute();
      await db.schema
        .createTable('content_view_counts')
        .addColumn('content_id', 'integer', (c) => c.primaryKey().references('content.id').onDelete('cascade'))
        .addColumn('views', 'integer', (c) => c.notNull())
        .addColumn('viewers', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createTable('reach_countries').addColumn('country', 'text', (c) => c.primaryKey()).execute();
      // The list's order (newest first, id as tie-break) without sorting the whole library.
      await db.schema.createIndex('content_created_idx').on('content').columns(['created_at', 'id']).execute();
      await backfillViewCounters(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('content_created_idx').execute();
      await db.schema.dropTable('reach_countries').execute();
      await db.schema.dropTable('content_view_counts').execute();
      await db.schema.dropTable('content_viewers').execute();
    },
  };
}

/**
 * Recomputes every counter from view_events (existing rows at migration time; the reads bench after a
 * bulk load that bypasses the per-view path). Plain SQL both engines accept.
 */
export async function backfillViewCounters(db: Kysely<any>): Promise<void> {
  await sql`delete from content_viewers`.execute(db);
  await sql`delete from content_view_counts`.execute(db);
  await sql`delete from reach_countries`.execute(db);
  await sql`insert into content_viewers (content_id, viewer_key)
    select distinct content_id, viewer_key from view_events`.execute(db);
  await sql`insert into content_view_counts (content_id, views, viewers)
    select content_id, count(*), count(distinct viewer_key) from view_events group by content_id`.execute(db);
  await sql`insert into reach_countries (country) select distinct country from view_events`.execute(db);
}
