/**
 * SQL pieces the admin figures share: hour buckets, the country→region CASE, peak hours and the
 * device split. Every figure is a GROUP BY over recorded events; nothing is estimated.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { CURATION_REGIONS, DAY_MS, DEVICE_TYPES, type DeviceShare, HOUR_MS, type PeakUsage, REGION_COUNTRIES, type ViewDevice } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';


/** Percent with one decimal; 0 when the whole is empty. */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** One decimal. */
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Epoch hours: integer division on both engines (bigint / integer in Postgres, integers in SQLite). */
export function hourBucket(column: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} / ${sql.lit(HOUR_MS)})`;
}

/** Epoch days (UTC). */
export function dayBucket(column: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(column)} / ${sql.lit(DAY_MS)})`;
}

/**
 * The curation region of a country column, null for unknown countries. Literals rather than
 * parameters: the codes are our own constants, and a parameter-free expression can be grouped on.
 */
export function regionCase(column: string): RawBuilder<string | null> {
  const whens = CURATION_REGIONS.map(
    (region) => sql`when ${sql.ref(column)} in (${sql.join(REGION_COUNTRIES[region].map((c) => sql.lit(c)))}) then ${sql.lit(region)}`,
  );
  return sql<string | null>`(case ${sql.join(whens, sql` `)} else null end)`;
}

/**
 * Peak usage by hour of day (UTC): for each hour, the most distinct viewers seen in one such hour of
 * the window (a view counts in the hour it started). Busiest first.
 */
export async function peakHours(db: Kysely<Database>, from: number, to: number): Promise<PeakUsage[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('viewEvents')
        .select([hourBucket('viewEvents.createdAt').as('bucket'), (e) => e.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers')])
        .where('viewEvents.createdAt', '>=', from)
        .where('viewEvents.createdAt', '<', to)
        .groupBy(hourBucket('viewEvents.createdAt'))
        .as('b'),
    )
    .select([sql<number>`(b.bucket % 24)`.as('hour'), (eb) => eb.fn.max<number>('b.viewers').as('peakUsers')])
    .groupBy(sql`(b.bucket % 24)`)
    .execute();
  return rows
    .map((r) => ({ hour: Number(r.hour), peakUsers: Number(r.peakUsers) }))
    .sort((a, b) => b.peakUsers - a.peakUsers || a.hour - b.hour);
}

/** Views per device in the window with their share; every device listed, busiest first. */
export async function deviceSplit(db: Kysely<Database>, from: number, to: number): Promise<DeviceShare[]> {
  const rows = await db
    .selectFrom('viewEvents')
    .select(['device', (eb) => eb.fn.countAll<number>().as('views')])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .groupBy('device')
    .execute();
  const counts = new Map(rows.map((r) => [r.device, Number(r.views)]));
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return DEVICE_TYPES.map((device: ViewDevice) => ({ device, views: counts.get(device) ?? 0, share: shareOf(counts.get(device) ?? 0, total) })).sort(
    (a, b) => b.views - a.views,
  );
}
