/**
 * The users tab's reads: a paginated search over name, username and email, and the account stats.
 */
import { sql, type Kysely } from 'kysely';
import type { AdminUser, AdminUsers } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import { accountMatches, presentUser } from '../users/repository.ts';
import { DAY_MS } from '@onair/protocol';
import { rolesDistribution } from './usage-analytics.ts';

interface Filters {
  search?: string | undefined;
  role?: UserRow['role'] | undefined;
  status?: UserRow['status'] | undefined;
}

function filtered(db: Kysely<Database>, filters: Filters) {
  let query = db.selectFrom('users');
  if (filters.search) query = query.where(accountMatches(filters.search));
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.status) query = query.where('status', '=', filters.status);
  return query;
}

/** Latest view per account, and running chat timeouts, for one page of users. */
async function enrich(db: Kysely<Database>, rows: UserRow[], now: number): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const [views, timeouts] = ids.length
    ? await Promise.all([
        db
          .selectFrom('viewEvents')
          .select(['userId', (eb) => eb.fn.max<number>('createdAt').as('last')])
          .where('userId', 'in', ids)
          .groupBy('userId')
          .execute(),
        db
          .selectFrom('chatTimeouts')
          .select(['userId', (eb) => eb.fn.max<number>('until').as('until')])
          .where('userId', 'in', ids)
          .where('until', '>', now)
          .groupBy('userId')
          .execute(),
      ])
    : [[], []];
  const lastView = new Map(views.map((v) => [v.userId, Number(v.last)]));
  const timedOut = new Map(timeouts.map((t) => [t.userId, Number(t.until)]));
  return rows.map((r) => {
    const last = lastView.get(r.id);
    const until = timedOut.get(r.id);
    return {
      ...presentUser(r),
      status: r.status,
      country: r.country,
      lastActiveAt: last === undefined ? null : new Date(last).toISOString(),
      timedOutUntil: until === undefined ? null : new Date(until).toISOString(),
    };
  });
}

async function accountStats(db: Kysely<Database>, now: number): Promise<AdminUsers['stats']> {
  const row = await db
    .selectFrom('users')
    .select([
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when status = 'active' then 1 else 0 end), 0)`.as('active'),
      sql<number>`coalesce(sum(case when status = 'suspended' then 1 else 0 end), 0)`.as('suspended'),
      sql<number>`coalesce(sum(verified), 0)`.as('verified'),
      sql<number>`coalesce(sum(case when creator_request = 'pending' then 1 else 0 end), 0)`.as('pending'),
      sql<number>`coalesce(sum(case when created_at >= ${now - 7 * DAY_MS} then 1 else 0 end), 0)`.as('fresh'),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    active: Number(row.active),
    suspended: Number(row.suspended),
    verified: Number(row.verified),
    pendingCreatorRequests: Number(row.pending),
    newThisWeek: Number(row.fresh),
  };
}

export async function searchUsers(
  db: Kysely<Database>,
  query: Filters & { page: number; pageSize: number },
  now = Date.now(),
): Promise<AdminUsers> {
  const [rows, matching, stats, roles] = await Promise.all([
    // Pending creator requests first: they are waiting for an admin. Then newest accounts.
    filtered(db, query)
      .selectAll()
      .orderBy(sql`case when creator_request = 'pending' then 0 else 1 end`)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, query).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    accountStats(db, now),
    rolesDistribution(db),
  ]);
  return { users: await enrich(db, rows, now), total: Number(matching.n), page: query.page, pageSize: query.pageSize, stats, roles };
}

export async function adminUserById(db: Kysely<Database>, id: number, now = Date.now()): Promise<AdminUser | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [user] = await enrich(db, [row], now);
  return user;
}
