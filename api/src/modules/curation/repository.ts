/**
 * Regional curation: an admin's choice that, for viewers in a region, one kind of content (tv, radio,
 * education, religious) comes first, with a priority. Home (GET /api/content) orders by it; anything
 * else that ranks content for a viewer (recommendations) can call `curationBoost` the same way.
 */
import type { Kysely } from 'kysely';
import {
  CURATION_MATCH,
  CURATION_PRIORITY_WEIGHT,
  type ContentType,
  type Curation,
  type CurationRegion,
  type CurationRequest,
} from '@onair/protocol';
import type { RegionalCurationRow } from '../../db/schema-admin.ts';
import type { Database } from '../../db/schema.ts';

/** A rule an item matches by its type or its category; larger weights come first. */
export type CurationRule = { weight: number } & ({ type: ContentType; category?: undefined } | { category: string; type?: undefined });

/** The curation rules of a region, strongest first; empty when the region has none. */
export async function curationBoost(db: Kysely<Database>, region: CurationRegion | null): Promise<CurationRule[]> {
  if (!region) return [];
  const rows = await db.selectFrom('regionalCurations').select(['contentType', 'priority']).where('region', '=', region).execute();
  return rows
    .filter((r): r is typeof r & { contentType: keyof typeof CURATION_MATCH } => r.contentType in CURATION_MATCH)
    .map((r) => ({ ...CURATION_MATCH[r.contentType], weight: CURATION_PRIORITY_WEIGHT[r.priority] }) as CurationRule)
    .sort((a, b) => b.weight - a.weight);
}

/** The weight an item gets from a set of rules: the strongest rule it matches, 0 when none. */
export function curationWeight(rules: readonly CurationRule[], item: { type: string; category: string | null }): number {
  return rules.find((r) => (r.type ? item.type === r.type : item.category === r.category))?.weight ?? 0;
}

function selectCurations(db: Kysely<Database>) {
  return db
    .selectFrom('regionalCurations')
    .leftJoin('users', 'users.id', 'regionalCurations.createdBy')
    .selectAll('regionalCurations')
    .select('users.username as createdByName');
}

const present = (r: RegionalCurationRow & { createdByName: string | null }): Curation => ({
  id: r.id,
  region: r.region as Curation['region'],
  contentType: r.contentType as Curation['contentType'],
  priority: r.priority,
  createdBy: r.createdByName,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

export async function listCurations(db: Kysely<Database>): Promise<Curation[]> {
  const rows = await selectCurations(db).orderBy('regionalCurations.region').orderBy('regionalCurations.contentType').execute();
  return rows.map(present);
}

/** Stores a curation; applying the same region and type again replaces its priority. */
export async function applyCuration(db: Kysely<Database>, input: CurationRequest, adminId: number, now = Date.now()): Promise<Curation> {
  const { id } = await db
    .insertInto('regionalCurations')
    .values({ ...input, createdBy: adminId, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.columns(['region', 'contentType']).doUpdateSet({ priority: input.priority, createdBy: adminId, updatedAt: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return present(await selectCurations(db).where('regionalCurations.id', '=', id).executeTakeFirstOrThrow());
}

export async function removeCuration(db: Kysely<Database>, id: number): Promise<RegionalCurationRow | undefined> {
  return db.deleteFrom('regionalCurations').where('id', '=', id).returningAll().executeTakeFirst();
}
