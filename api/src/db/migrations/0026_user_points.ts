import { sql, type Kysely } from 'kysely';

/**
 * Each person's points as one running total (issue 14, point 2: points from running totals). A chat
 * message, a vote or a share answers its author's new total; summing their day rows for it (migration
 * 0020) cost a row per day they had ever been active: 12 µs a message for a new viewer, 120 µs after a
 * year of daily visits, 380 µs after three. The leaderboard summed the whole ledger on every rewards
 * page; it now reads the top of an index. Rows go with their user.
 */
export function userPoints() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_points')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('points', 'integer', (c) => c.notNull())
        .execute();
      // The leaderboard's order: most points first, the earlier account first among equals.
      await db.schema.createIndex('user_points_rank_idx').on('user_points').columns(['points desc', 'user_id']).execute();
      await recountUserPoints(db);
    },
    async down(db: Kysely<any>) {
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
