/**
 * Viewership records (spec §3) computed from view events, scoped to the caller: a creator sees their
 * own content, an admin everything, a viewer their own watch history. All figures are SQL aggregates
 * (GROUP BY content, device, country); no event rows are loaded into memory.
 *
 * - viewerCount: distinct viewers (viewer keys); peakViewers: the item's recorded peak audience.
 * - engagement: mean completion, each view's watch time over the item's length, clipped to 1. A live
 *   item has no length yet, so its time on air so far stands in for it.
 * - averageWatchTime: mean seconds per view. Breakdowns count views.
 */
import { sql, type Expression, type Kysely } from 'kysely';
import { DAY_MS, VIEWERSHIP_LIMIT, VIEWERSHIP_MAX_DAYS, type ViewershipDay, type ViewershipRecord, type ViewershipTotals } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';

export type ViewershipScope = { kind: 'all' } | { kind: 'creator'; creatorId: number } | { kind: 'viewer'; userId: number };

export interface ViewershipFilter {
  contentId?: number | undefined;
  days?: number | undefined;
  limit?: number | undefined;
}


export function scopeFor(user: Pick<UserRow, 'id' | 'role'>): ViewershipScope {
  if (user.role === 'admin') return { kind: 'all' };
  if (user.role === 'creator') return { kind: 'creator', creatorId: user.id };
  return { kind: 'viewer', userId: user.id };
}

/** Content in scope, left-joined to the view events that count (time window, the viewer's own). */
function scoped(db: Kysely<Database>, scope: ViewershipScope, filter: ViewershipFilter, now: number) {
  const since = filter.days ? now - filter.days * DAY_MS : null;
  let query = db.selectFrom('content').leftJoin('viewEvents', (join) => {
    let on = join.onRef('viewEvents.contentId', '=', 'content.id');
    if (since !== null) on = on.on('viewEvents.createdAt', '>=', since);
    if (scope.kind === 'viewer') on = on.on('viewEvents.userId', '=', scope.userId);
    return on;
  });
  if (scope.kind === 'creator') query = query.where('content.creatorId', '=', scope.creatorId);
  // A viewer's history holds only what they watched; creators and admins also see unwatched items.
  if (scope.kind === 'viewer') query = query.where('viewEvents.id', 'is not', null);
  if (filter.contentId) query = query.where('content.id', '=', filter.contentId);
  return query;
}

/** Completion of one view in 0..1, or NULL when the item has no length to compare with. */
function completion(now: number): Expression<number | null> {
  const length = sql<number>`case
    when ${sql.ref('content.durationSeconds')} > 0 then ${sql.ref('content.durationSeconds')} * 1.0
    when ${sql.ref('content.liveSince')} is not null then (${now} - ${sql.ref('content.liveSince')}) / 1000.0
    else 0 end`;
  return sql<number | null>`case
    when ${sql.ref('viewEvents.id')} is null or ${length} <= 0 then null
    when ${sql.ref('viewEvents.watchSeconds')} >= ${length} then 1.0
    else ${sql.ref('viewEvents.watchSeconds')} * 1.0 / ${length} end`;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function breakdown<K extends string>(rows: { key: K; n: number | string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of [...rows].sort((a, b) => Number(b.n) - Number(a.n) || a.key.localeCompare(b.key))) out[r.key] = Number(r.n);
  return out;
}

export async function viewershipRecords(
  db: Kysely<Database>,
  scope: ViewershipScope,
  filter: ViewershipFilter,
  now = Date.now(),
): Promise<ViewershipRecord[]> {
  const items = await scoped(db, scope, filter, now)
    .select((eb) => [
      'content.id as contentId',
      'content.title as title',
      'content.peakViewers as peakViewers',
      eb.fn.count<number>('viewEvents.id').as('views'),
      eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers'),
      eb.fn.coalesce(eb.fn.avg<number>('viewEvents.watchSeconds'), eb.lit(0)).as('averageWatchTime'),
      eb.fn.coalesce(eb.fn.avg<number>(completion(now)), eb.lit(0)).as('engagement'),
    ])
    .groupBy(['content.id', 'content.title', 'content.peakViewers'])
    .orderBy('views', 'desc')
    .orderBy('content.id', 'desc')
    .limit(filter.limit ?? VIEWERSHIP_LIMIT.default)
    .execute();
  if (items.length === 0) return [];

  const ids = items.map((i) => i.contentId);
  const events = () => scoped(db, scope, filter, now).where('content.id', 'in', ids).where('viewEvents.id', 'is not', null);
  const [devices, countries] = await Promise.all([
    events()
      .select((eb) => ['content.id as contentId', 'viewEvents.device as key', eb.fn.countAll<number>().as('n')])
      .groupBy(['content.id', 'viewEvents.device'])
      .execute(),
    events()
      .select((eb) => ['content.id as contentId', 'viewEvents.country as key', eb.fn.countAll<number>().as('n')])
      .groupBy(['content.id', 'viewEvents.country'])
      .execute(),
  ]);
  const byContent = <R extends { contentId: number }>(rows: R[]) => {
    const map = new Map<number, R[]>();
    for (const r of rows) map.set(r.contentId, [...(map.get(r.contentId) ?? []), r]);
    return map;
  };
  const deviceRows = byContent(devices as { contentId: number; key: string; n: number }[]);
  const countryRows = byContent(countries as { contentId: number; key: string; n: number }[]);

  return items.map((i) => ({
    contentId: i.contentId,
    title: i.title,
    viewerCount: Number(i.viewers),
    peakViewers: Number(i.peakViewers),
    engagement: Math.min(1, round(Number(i.engagement), 4)),
    averageWatchTime: round(Number(i.averageWatchTime), 1),
    deviceBreakdown: breakdown(deviceRows.get(i.contentId) ?? []),
    locationBreakdown: breakdown(countryRows.get(i.contentId) ?? []),
  }));
}

export async function viewershipTotals(
  db: Kysely<Database>,
  scope: ViewershipScope,
  filter: ViewershipFilter,
  now = Date.now(),
): Promise<ViewershipTotals> {
  const [totals, devices, countries] = await Promise.all([
    scoped(db, scope, filter, now)
      .select((eb) => [
        eb.fn.count<number>('content.id').distinct().as('contentCount'),
        eb.fn.count<number>('viewEvents.id').as('views'),
        eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers'),
        eb.fn.coalesce(eb.fn.max<number>('content.peakViewers'), eb.lit(0)).as('peakViewers'),
        eb.fn.coalesce(eb.fn.avg<number>('viewEvents.watchSeconds'), eb.lit(0)).as('averageWatchTime'),
        eb.fn.coalesce(eb.fn.avg<number>(completion(now)), eb.lit(0)).as('engagement'),
      ])
      .executeTakeFirstOrThrow(),
    scoped(db, scope, filter, now)
      .where('viewEvents.id', 'is not', null)
      .select((eb) => ['viewEvents.device as key', eb.fn.countAll<number>().as('n')])
      .groupBy('viewEvents.device')
      .execute(),
    scoped(db, scope, filter, now)
      .where('viewEvents.id', 'is not', null)
      .select((eb) => ['viewEvents.country as key', eb.fn.countAll<number>().as('n')])
      .groupBy('viewEvents.country')
      .execute(),
  ]);
  return {
    contentCount: Number(totals.contentCount),
    views: Number(totals.views),
    viewerCount: Number(totals.viewers),
    peakViewers: Number(totals.peakViewers),
    engagement: Math.min(1, round(Number(totals.engagement), 4)),
    averageWatchTime: round(Number(totals.averageWatchTime), 1),
    deviceBreakdown: breakdown(devices as { key: string; n: number }[]),
    locationBreakdown: breakdown(countries as { key: string; n: number }[]),
  };
}

const isoDay = (dayNumber: number) => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** Views, distinct viewers and watch time per UTC day, zero-filled from the start of the window to today. */
export async function viewershipDaily(
  db: Kysely<Database>,
  scope: ViewershipScope,
  filter: ViewershipFilter,
  now = Date.now(),
): Promise<ViewershipDay[]> {
  // Without a period the series is capped, so "all time" on an old deployment stays a year of points.
  const bounded = { ...filter, days: filter.days ?? VIEWERSHIP_MAX_DAYS };
  // Whole UTC days since the epoch: integer division on both dialects (the divisor is inlined so the
  // SELECT and GROUP BY expressions are identical for Postgres).
  const day = sql<number>`${sql.ref('viewEvents.createdAt')} / ${sql.lit(DAY_MS)}`;
  const rows = await scoped(db, scope, bounded, now)
    .where('viewEvents.id', 'is not', null)
    .select((eb) => [
      day.as('day'),
      eb.fn.countAll<number>().as('views'),
      eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers'),
      eb.fn.sum<number>('viewEvents.watchSeconds').as('watchSeconds'),
    ])
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const today = Math.floor(now / DAY_MS);
  const first = filter.days ? Math.floor((now - filter.days * DAY_MS) / DAY_MS) : Math.min(today, ...byDay.keys());
  const series: ViewershipDay[] = [];
  for (let d = first; d <= today; d++) {
    const r = byDay.get(d);
    series.push({ date: isoDay(d), views: Number(r?.views ?? 0), viewers: Number(r?.viewers ?? 0), watchSeconds: Number(r?.watchSeconds ?? 0) });
  }
  return series;
}
