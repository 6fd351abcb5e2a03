import { sql, type Kysely } from 'kysely';

/**
 * Running totals of each person's activity per UTC day (issue 14, point 2): points earned, chat
 * messages, votes, questions, shares and seconds watched, kept by the writes themselves
 * (rewards/activity.ts). Daily challenges, achievements, streaks and point totals then read a person's
 * day rows instead of counting over every message, vote and view they ever made, which put five
 * counting queries behind each chat message. Rows go with their user.
 */
export function userActivity() {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_activity_days')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('votes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('questions', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shares', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('watch_seconds', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('user_activity_days_pk', ['user_id', 'day'])
        .execute();
      await recountUserActivity(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('user_activity_days').execute();
    },
  };
}

/** The UTC day number of a millisecond time column, in SQL both databases read. */
const dayOf = (column: string) => sql.raw(`cast(floor(${column} / 86400000.0) as integer)`);

/**
 * Recomputes every day row from the records themselves: the migration's backfill, and the demo seed's
 * last step (it writes history in bulk, past the running totals).
 */
export async function recountUserActivity(db: Kysely<any>): Promise<void> {
  await sql`delete from user_activity_days`.execute(db);
  const sources = [
    sql`select user_id, ${dayOf('created_at')} as day, sum(points) as points, 0 as messages, 0 as votes, 0 as questions,
          sum(case when action = 'share' then 1 else 0 end) as shares, 0 as watch_seconds
        from points_ledger group by user_id, ${dayOf('created_at')}`,
    sql`select user_id, ${dayOf('created_at')}, 0, count(*), 0, 0, 0, 0 from chat_messages group by user_id, ${dayOf('created_at')}`,
    sql`select user_id, ${dayOf('created_at')}, 0, 0, count(*), 0, 0, 0 from poll_votes group by user_id, ${dayOf('created_at')}`,
    sql`select user_id, ${dayOf('created_at')}, 0, 0, 0, count(*), 0, 0 from questions group by user_id, ${dayOf('created_at')}`,
    sql`select user_id, ${dayOf('created_at')}, 0, 0, 0, 0, 0, sum(watch_seconds) from view_events where user_id is not null group by user_id, ${dayOf('created_at')}`,
  ];
  await sql`insert into user_activity_days (user_id, day, points, messages, votes, questions, shares, watch_seconds)
    select user_id, day, sum(points), sum(messages), sum(votes), sum(questions), sum(shares), sum(watch_seconds)
    from (${sql.join(sources, sql` union all `)}) as activity
    where user_id in (select id from users)
    group by user_id, day`.execute(db);
}
