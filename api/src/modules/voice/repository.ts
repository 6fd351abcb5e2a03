/**
 * Voice assistants a user connected (spec §3): enabled by a switch, removed by delete. An Alexa is
 * linked to its OnAir account when the skill hears the row's code ("link code 123456").
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { VoiceAssistantDetail } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { VoiceAssistantRow } from '../../db/schema-reach.ts';

export function presentAssistant(row: VoiceAssistantRow): VoiceAssistantDetail {
  return {
    id: row.id,
    platform: row.platform,
    deviceName: row.deviceName,
    enabled: row.enabled === 1,
    lastUsed: row.lastUsed === null ? null : new Date(Number(row.lastUsed)).toISOString(),
    linkCode: row.linkCode,
    linked: row.externalUserId !== null,
  };
}

export async function listAssistants(db: Kysely<Database>, userId: number) {
  const rows = await db.selectFrom('voiceAssistants').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
  return rows.map(presentAssistant);
}

export async function createAssistant(db: Kysely<Database>, userId: number, platform: VoiceAssistantRow['platform'], deviceName: string) {
  const linkCode = platform === 'alexa' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  const row = await db
    .insertInto('voiceAssistants')
    .values({ userId, platform, deviceName, enabled: 1, linkCode, externalUserId: null, lastUsed: null, createdAt: Date.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
  return presentAssistant(row);
}

export async function findOwnAssistant(db: Kysely<Database>, userId: number, id: number) {
  return db.selectFrom('voiceAssistants').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** Links the Alexa account to the assistant holding the code; answers the OnAir username, or null. */
export async function linkAlexa(db: Kysely<Database>, code: string, alexaUserId: string) {
  const row = await db.selectFrom('voiceAssistants').selectAll().where('platform', '=', 'alexa').where('linkCode', '=', code).executeTakeFirst();
  if (!row) return null;
  await db.transaction().execute(async (trx) => {
    // One Alexa account speaks for one OnAir account.
    await trx.updateTable('voiceAssistants').set({ externalUserId: null }).where('externalUserId', '=', alexaUserId).execute();
    await trx.updateTable('voiceAssistants').set({ externalUserId: alexaUserId, linkCode: null, lastUsed: Date.now() }).where('id', '=', row.id).execute();
  });
  return db.selectFrom('users').select('username').where('id', '=', row.userId).executeTakeFirst();
}

/** The linked assistant of an Alexa account, marked as used now. */
export async function touchLinkedAssistant(db: Kysely<Database>, alexaUserId: string) {
  const row = await db.selectFrom('voiceAssistants').selectAll().where('externalUserId', '=', alexaUserId).executeTakeFirst();
  if (!row) return undefined;
  await db.updateTable('voiceAssistants').set({ lastUsed: Date.now() }).where('id', '=', row.id).execute();
  return presentAssistant(row);
}
