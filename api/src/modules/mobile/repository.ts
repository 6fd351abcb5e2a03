/** Registered devices (spec §3 Mobile device): one Web Push subscription each. */
import type { Kysely } from 'kysely';
import type { MobileDevice, RegisterDeviceRequestSchema } from '@onair/protocol';
import type { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { PushDeviceRow } from '../../db/schema-reach.ts';

export function presentDevice(row: PushDeviceRow): MobileDevice {
  return {
    id: row.id,
    deviceType: row.deviceType,
    deviceName: row.deviceName,
    lastActive: new Date(Number(row.lastActive)).toISOString(),
    notifications: row.notifications === 1,
    appVersion: row.appVersion,
  };
}

export async function listDevices(db: Kysely<Database>, userId: number): Promise<MobileDevice[]> {
  const rows = await db.selectFrom('pushDevices').selectAll().where('userId', '=', userId).orderBy('lastActive', 'desc').orderBy('id').execute();
  return rows.map(presentDevice);
}

/**
 * Saves a subscription. The endpoint identifies the browser: registering it again (a new account
 * signed in on the same browser, or a refreshed subscription) updates the one row instead of adding.
 */
export async function upsertDevice(db: Kysely<Database>, userId: number, input: z.output<typeof RegisterDeviceRequestSchema>, now = Date.now()) {
  const values = {
    userId,
    deviceType: input.deviceType,
    deviceName: input.deviceName,
    appVersion: input.appVersion,
    p256dh: input.subscription.keys.p256dh,
    auth: input.subscription.keys.auth,
    lastActive: now,
  };
  const existing = await db.selectFrom('pushDevices').select('id').where('endpoint', '=', input.subscription.endpoint).executeTakeFirst();
  if (existing) {
    await db.updateTable('pushDevices').set(values).where('id', '=', existing.id).execute();
    return { row: await db.selectFrom('pushDevices').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow(), created: false };
  }
  const row = await db
    .insertInto('pushDevices')
    .values({ ...values, endpoint: input.subscription.endpoint, notifications: 1, createdAt: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, created: true };
}

export function findOwnDevice(db: Kysely<Database>, userId: number, id: number) {
  return db.selectFrom('pushDevices').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** Devices of these users that want notifications. */
export function pushTargets(db: Kysely<Database>, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('pushDevices').selectAll().where('userId', 'in', userIds).where('notifications', '=', 1).execute();
}
