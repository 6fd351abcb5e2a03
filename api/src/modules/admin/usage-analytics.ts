/**
 * GET /api/admin/usage-analytics: the overview cards and the users tab's roles distribution.
 * Viewing figures cover the last USAGE_WINDOW_DAYS; account figures cover every account.
 */
import { sql, type Kysely } from 'kysely';
import { type ActivityKind, DAY_MS, ROLES, type RoleShare, USAGE_WINDOW_DAYS, type UsageAnalytics } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { UNKNOWN_COUNTRY } from '../analytics/views.ts';
import { activityFeed } from './activity.ts';
import { deviceSplit, peakHours, shareOf } from './metrics-sql.ts';

/** Accounts per role, every role listed, with its share of all accounts. */
export async function rolesDistribution(db: Kysely<Database>): Promise<RoleShare[]> {
  const rows = await db.selectFrom('users').select(['role', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('role').execute();
  const counts = new Map(rows.map((r) => [r.role, Number(r.n)]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return ROLES.map((role) => ({ role, count: counts.get(role) ?? 0, share: shareOf(counts.get(role) ?? 0, total) }));
}

const CONTENT_ACTIVITY: readonly ActivityKind[] = ['content_published', 'stream_started'];

export async function usageAnalytics(db: Kysely<Database>, now = Date.now()): Promise<UsageAnalytics> {
  const to = now + 1;
  const from = now - USAGE_WINDOW_DAYS * DAY_MS;
  const [users, views, live, peaks, devices, roles, activity, contentActivity] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('viewEvents')
      .select([
        (eb) => eb.fn.countAll<number>().as('views'),
        (eb) => eb.fn.count<number>('viewerKey').distinct().as('viewers'),
        (eb) => eb.fn.avg<number>('watchSeconds').as('avgWatch'),
        sql<number>`count(distinct case when country <> ${UNKNOWN_COUNTRY} then country end)`.as('countries'),
      ])
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .executeTakeFirstOrThrow(),
    db.selectFrom('content').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'live').executeTakeFirstOrThrow(),
    peakHours(db, from, to),
    deviceSplit(db, from, to),
    rolesDistribution(db),
    activityFeed(db),
    activityFeed(db, { kinds: CONTENT_ACTIVITY }),
  ]);
  const contentViews = Number(views.views);
  return {
    windowDays: USAGE_WINDOW_DAYS,
    totals: {
      users: Number(users.n),
      activeUsers: Number(views.viewers),
      contentViews,
      avgSessionSeconds: contentViews > 0 ? Math.round(Number(views.avgWatch)) : null,
      countries: Number(views.countries),
      liveNow: Number(live.n),
    },
    peakHours: peaks,
    devices,
    roles,
    activity,
    contentActivity,
  };
}
