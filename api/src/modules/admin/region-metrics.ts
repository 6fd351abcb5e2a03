/**
 * GET /api/admin/region-metrics: the regional tab. Views are mapped to the five curation regions by
 * their country (protocol's REGION_COUNTRIES); each figure compares the period with the one before.
 */
import { sql, type Kysely } from 'kysely';
import { adminPeriodMs, CURATION_REGIONS, type RegionMetrics, type RegionMetricsItem } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { hourBucket, regionCase, round1 } from './metrics-sql.ts';

type Region = RegionMetricsItem['region'];
type Period = RegionMetrics['period'];

/** Views, viewers and watch time per region in the period, and views in the previous one. */
async function volumes(db: Kysely<Database>, prevFrom: number, from: number, to: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('viewEvents')
        .select([regionCase('viewEvents.country').as('region'), 'viewerKey', 'watchSeconds', 'createdAt', 'country'])
        .where('createdAt', '>=', prevFrom)
        .where('createdAt', '<', to)
        .as('e'),
    )
    .select([
      'e.region',
      sql<number>`coalesce(sum(case when e.created_at >= ${from} then 1 else 0 end), 0)`.as('views'),
      sql<number>`coalesce(sum(case when e.created_at < ${from} then 1 else 0 end), 0)`.as('previousViews'),
      sql<number>`count(distinct case when e.created_at >= ${from} then e.viewer_key end)`.as('activeUsers'),
      sql<number>`count(distinct case when e.created_at >= ${from} then e.country end)`.as('countries'),
      sql<number | null>`avg(case when e.created_at >= ${from} then e.watch_seconds end)`.as('avgWatch'),
    ])
    .groupBy('e.region')
    .execute();
}

/**
 * Churn per region: of the viewers seen in the previous period, the share not seen again in this one.
 * One pass: per viewer and region, whether they were seen before and whether they were seen now.
 */
async function churn(db: Kysely<Database>, prevFrom: number, from: number, to: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('viewEvents')
            .select([regionCase('viewEvents.country').as('region'), 'viewerKey', 'createdAt'])
            .where('createdAt', '>=', prevFrom)
            .where('createdAt', '<', to)
            .as('e'),
        )
        .select([
          'e.region',
          'e.viewerKey',
          sql<number>`max(case when e.created_at < ${from} then 1 else 0 end)`.as('seenBefore'),
          sql<number>`max(case when e.created_at >= ${from} then 1 else 0 end)`.as('seenNow'),
        ])
        .groupBy(['e.region', 'e.viewerKey'])
        .as('v'),
    )
    .select([
      'v.region',
      sql<number>`coalesce(sum(v.seen_before), 0)`.as('previousViewers'),
      sql<number>`coalesce(sum(case when v.seen_before = 1 and v.seen_now = 0 then 1 else 0 end), 0)`.as('churned'),
    ])
    .groupBy('v.region')
    .execute();
}

/** The most distinct viewers of the region in any one hour of the period. */
async function peakConcurrent(db: Kysely<Database>, from: number, to: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom((inner) =>
          inner
            .selectFrom('viewEvents')
            .select([regionCase('viewEvents.country').as('region'), hourBucket('viewEvents.createdAt').as('bucket'), 'viewerKey'])
            .where('createdAt', '>=', from)
            .where('createdAt', '<', to)
            .as('e'),
        )
        .select(['e.region', 'e.bucket', (e) => e.fn.count<number>('e.viewerKey').distinct().as('viewers')])
        .groupBy(['e.region', 'e.bucket'])
        .as('h'),
    )
    .select(['h.region', (eb) => eb.fn.max<number>('h.viewers').as('peak')])
    .groupBy('h.region')
    .execute();
}

const percentChange = (now: number, before: number) => (before > 0 ? round1(((now - before) / before) * 100) : null);

export async function regionMetrics(db: Kysely<Database>, period: Period, now = Date.now()): Promise<RegionMetrics> {
  const to = now + 1;
  const length = adminPeriodMs(period);
  const from = now - length;
  const prevFrom = from - length;
  const [volumeRows, churnRows, peakRows] = await Promise.all([
    volumes(db, prevFrom, from, to),
    churn(db, prevFrom, from, to),
    peakConcurrent(db, from, to),
  ]);
  const byRegion = <T extends { region: string | null }>(rows: T[]) => new Map(rows.map((r) => [r.region, r]));
  const vol = byRegion(volumeRows);
  const chu = byRegion(churnRows);
  const peak = byRegion(peakRows);

  const regions = CURATION_REGIONS.map((region: Region): RegionMetricsItem => {
    const v = vol.get(region);
    const c = chu.get(region);
    const views = Number(v?.views ?? 0);
    const previousViews = Number(v?.previousViews ?? 0);
    const previousViewers = Number(c?.previousViewers ?? 0);
    return {
      region,
      activeUsers: Number(v?.activeUsers ?? 0),
      totalViews: views,
      peakConcurrent: Number(peak.get(region)?.peak ?? 0),
      avgSessionDuration: v?.avgWatch == null ? 0 : Math.round(Number(v.avgWatch)),
      churnRate: previousViewers > 0 ? round1((Number(c?.churned ?? 0) / previousViewers) * 100) : null,
      growth: percentChange(views, previousViews),
      previousViews,
      countries: Number(v?.countries ?? 0),
    };
  }).sort((a, b) => b.totalViews - a.totalViews || CURATION_REGIONS.indexOf(a.region) - CURATION_REGIONS.indexOf(b.region));

  return {
    period,
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    regions,
    unmappedViews: Number(vol.get(null)?.views ?? 0),
  };
}
