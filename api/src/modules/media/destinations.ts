/**
 * Restream destinations: where a creator's live input is copied (Facebook, YouTube, Twitter or any
 * RTMP/RTMPS server). The platform's stream key is stored encrypted like the OnAir stream key and never
 * leaves the server again except to the restreamer; its owner sees at most the last four characters.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { RestreamTarget, RestreamTargetPatchSchema, RestreamTargetRequestSchema } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { RestreamTargetRow } from '../../db/schema-media.ts';
import { notFound } from '../../http/errors.ts';
import { decryptStreamKey, encryptStreamKey } from '../streaming/keys.ts';

type TargetInput = z.output<typeof RestreamTargetRequestSchema>;
type TargetPatch = z.output<typeof RestreamTargetPatchSchema>;

const HINT_LENGTH = 4;

const missing = () => notFound('No destination with that id');

/**
 * The end of the key its owner sees: at most HINT_LENGTH characters and never more than half the key,
 * so a short key is not given away whole (one of HINT_LENGTH or fewer shows nothing).
 */
export function keyHint(key: string): string {
  const shown = key.length <= HINT_LENGTH ? 0 : Math.min(HINT_LENGTH, Math.floor(key.length / 2));
  return shown === 0 ? '' : key.slice(-shown);
}

export function presentTarget(row: RestreamTargetRow): RestreamTarget {
  return { id: row.id, platform: row.platform, name: row.name, serverUrl: row.serverUrl, keyHint: row.keyHint, enabled: row.enabled === 1 };
}

export async function listTargets(db: Kysely<Database>, creatorId: number): Promise<RestreamTarget[]> {
  const rows = await db.selectFrom('restreamTargets').selectAll().where('creatorId', '=', creatorId).orderBy('id').execute();
  return rows.map(presentTarget);
}

function findOwn(db: Kysely<Database>, creatorId: number, id: number) {
  return db.selectFrom('restreamTargets').selectAll().where('id', '=', id).where('creatorId', '=', creatorId).executeTakeFirst();
}

function keyColumns(key: string, secret: string) {
  return { keyCipher: encryptStreamKey(key, secret), keyHint: keyHint(key) };
}

export async function createTarget(db: Kysely<Database>, creatorId: number, input: TargetInput, secret: string, now = Date.now()): Promise<RestreamTarget> {
  const { id } = await db
    .insertInto('restreamTargets')
    .values({
      creatorId,
      platform: input.platform,
      name: input.name,
      serverUrl: input.serverUrl,
      ...keyColumns(input.streamKey, secret),
      enabled: input.enabled ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return presentTarget((await findOwn(db, creatorId, id))!);
}

/** Another creator's destination answers 404, as if it did not exist. */
export async function updateTarget(db: Kysely<Database>, creatorId: number, id: number, patch: TargetPatch, secret: string, now = Date.now()): Promise<RestreamTarget> {
  if (!(await findOwn(db, creatorId, id))) throw missing();
  await db
    .updateTable('restreamTargets')
    .set({
      ...(patch.platform !== undefined && { platform: patch.platform }),
      ...(patch.name !== undefined && { name: patch.name }),
      ...(patch.serverUrl !== undefined && { serverUrl: patch.serverUrl }),
      ...(patch.streamKey !== undefined && keyColumns(patch.streamKey, secret)),
      ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
      updatedAt: now,
    })
    .where('id', '=', id)
    .where('creatorId', '=', creatorId)
    .execute();
  return presentTarget((await findOwn(db, creatorId, id))!);
}

export async function deleteTarget(db: Kysely<Database>, creatorId: number, id: number): Promise<void> {
  const result = await db.deleteFrom('restreamTargets').where('id', '=', id).where('creatorId', '=', creatorId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw missing();
}

/** A destination as the restreamer needs it: the full publish URL, key included. Never sent to a client. */
export interface RestreamEndpoint {
  id: number;
  platform: RestreamTarget['platform'];
  name: string;
  url: string;
}

/** The server URL with the key as its last path segment, the way RTMP services expect it. */
export function publishUrl(serverUrl: string, key: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/${key}`;
}

/**
 * Where one broadcast is copied: the creator's destinations of the platforms switched on for it in the
 * Studio (Facebook, YouTube, Twitter), and every custom server, which no switch names.
 */
export function restreamedTo<T extends { platform: RestreamTarget['platform'] }>(targets: T[], platforms: readonly string[]): T[] {
  return targets.filter((target) => target.platform === 'custom' || platforms.includes(target.platform));
}

/**
 * The creator's enabled destinations with their keys decrypted, for the live restreamer. A key that can
 * no longer be read (the session secret changed) is left out: the creator enters it again.
 */
export async function enabledRestreamTargets(db: Kysely<Database>, creatorId: number, secret: string): Promise<RestreamEndpoint[]> {
  const rows = await db.selectFrom('restreamTargets').selectAll().where('creatorId', '=', creatorId).where('enabled', '=', 1).orderBy('id').execute();
  return rows.flatMap((row) => {
    const key = decryptStreamKey(row.keyCipher, secret);
    return key === null ? [] : [{ id: row.id, platform: row.platform, name: row.name, url: publishUrl(row.serverUrl, key) }];
  });
}
