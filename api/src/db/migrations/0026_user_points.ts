import { sql, type Kysely } from 'kysely';

/**
 * Each person's points as one running total (issue 14, point 2: points from running totals). A chat
 * message, a vote or a share answers its author's new total; summing their day rows for it (migration
 * 0020) cost a row per day they had ever been active: 12 µs a message for a new viewer, 120 µs after a
 * year of daily visits, 380 µs after three. The leaderboard summed the whole ledger on every rewards
 * page; it reads these rows now, one per person with points.
 *
 * What each award writes is what each message pays for in the log (about 10 pages a chat message), so
 * the total comes with no index ordering it by points, which every award would move (a list of five,
 * read a page view at a time, does not need one), and the ledger loses its (user, time) index: the
 * day's shares, its last reader, come from the day totals now.
 * Rows go with their user.
 */
export function userPoints() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_points')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('points', 'integer', (c) => c.notNull())
        .execute();
      await recountUserPoints(db);
      await db.schema.dropIndex('points_user_time_idx').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('points_user_time_idx').on('points_ledger').columns(['user_id', 'created_at']).execute();
      await db.schema.dropTable('user_points').execute();
    },
  };
}

/**
 * Recomputes every total from the ledger: the migration's backfill, and the demo seed's last step (it
 * writes its history in bulk, past the running totals).
 */
export async function recountUserPoints(db: Kysely<any>): Promise<void> {
  await sql`delete from user_points`.execute(db);
  await sql`insert into user_points (user_id, points)
    select user_id, sum(points) from points_ledger
    where user_id in (select id from users)
    group by user_id`.execute(db);
}
