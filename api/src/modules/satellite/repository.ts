/**
 * Satellite receivers. A receiver belongs to the person who registered it; only they or an admin may
 * see or change it. Device ids are unique per owner (two households may own boxes with equal ids).
 */
import type { Kysely } from 'kysely';
import type { SatelliteReceiver } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { SatelliteReceiverRow } from '../../db/schema-creators.ts';

type ReceiverWithOwner = SatelliteReceiverRow & { ownerName: string };

function selectReceivers(db: Kysely<Database>) {
  return db
    .selectFrom('satelliteReceivers')
    .innerJoin('users', 'users.id', 'satelliteReceivers.ownerId')
    .selectAll('satelliteReceivers')
    .select('users.username as ownerName');
}

export function presentReceiver(row: ReceiverWithOwner): SatelliteReceiver {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    model: row.model,
    firmwareVersion: row.firmwareVersion,
    location: { latitude: row.latitude, longitude: row.longitude, region: row.region },
    status: row.status,
    lastSeen: row.lastSeen === null ? null : new Date(row.lastSeen).toISOString(),
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Everyone's receivers when `ownerId` is null (admins), otherwise one owner's. */
export async function listReceivers(db: Kysely<Database>, ownerId: number | null): Promise<SatelliteReceiver[]> {
  let query = selectReceivers(db);
  if (ownerId !== null) query = query.where('satelliteReceivers.ownerId', '=', ownerId);
  const rows = await query.orderBy('satelliteReceivers.region').orderBy('satelliteReceivers.deviceName').orderBy('satelliteReceivers.id').execute();
  return rows.map(presentReceiver);
}

export async function findReceivers(db: Kysely<Database>, deviceId: string, ownerId: number | null) {
  let query = selectReceivers(db).where('satelliteReceivers.deviceId', '=', deviceId);
  if (ownerId !== null) query = query.where('satelliteReceivers.ownerId', '=', ownerId);
  return query.orderBy('satelliteReceivers.id').execute();
}

export async function findReceiverById(db: Kysely<Database>, id: number) {
  return selectReceivers(db).where('satelliteReceivers.id', '=', id).executeTakeFirst();
}
