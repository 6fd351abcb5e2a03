/**
 * The Studio's stream configuration: one per creator, saved by the form, with the ingest URL and the
 * secret stream key an encoder uses.
 */
import type { Kysely } from 'kysely';
import {
  defaultDestinations,
  normaliseDestinations,
  STREAM_DEFAULTS,
  StreamDestinationSchema,
  type StreamConfig,
  type StreamConfigRequestSchema,
  type StreamDestination,
  type StreamKeyResponse,
} from '@onair/protocol';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import type { StreamConfigRow } from '../../db/schema-creators.ts';
import { decryptStreamKey, newStreamKey } from './keys.ts';

type ConfigInput = z.output<typeof StreamConfigRequestSchema>;


export function parseDestinations(stored: string): StreamDestination[] {
  const parsed = z.array(StreamDestinationSchema).safeParse(JSON.parse(stored));
  return normaliseDestinations(parsed.success ? parsed.data : undefined);
}

export function findConfig(db: Kysely<Database>, creatorId: number) {
  return db.selectFrom('streamConfigs').selectAll().where('creatorId', '=', creatorId).executeTakeFirst();
}

/** The saved configuration (or the defaults) as the Studio shows it; the routes add the deployment's encoder wait. */
export function presentConfig(row: StreamConfigRow | undefined, ingestUrl: string, secret: string): Omit<StreamConfig, 'encoderWaitSeconds'> {
  if (!row) {
    return {
      configId: null,
      title: '',
      description: '',
      destinations: defaultDestinations(),
      ...STREAM_DEFAULTS,
      contentType: 'tv',
      ingestUrl,
      streamKey: null,
    };
  }
  return {
    configId: row.id,
    title: row.title,
    description: row.description,
    destinations: parseDestinations(row.destinations),
    bitrate: row.bitrate,
    resolution: row.resolution as StreamConfig['resolution'],
    saveRecording: row.saveRecording === 1,
    generatePodcast: row.generatePodcast === 1,
    liveCaptions: row.liveCaptions === 1,
    contentType: row.contentType,
    ingestUrl,
    streamKey: decryptStreamKey(row.streamKeyCipher, secret),
  };
}

function columns(input: ConfigInput) {
  return {
    title: input.title,
    description: input.description,
    destinations: JSON.stringify(normaliseDestinations(input.destinations)),
    bitrate: input.bitrate,
    resolution: input.resolution,
    saveRecording: input.saveRecording ? 1 : 0,
    generatePodcast: input.generatePodcast ? 1 : 0,
    liveCaptions: input.liveCaptions ? 1 : 0,
    contentType: input.contentType,
  };
}

/** Creates the creator's configuration (with a fresh stream key) or updates it; the key is kept. */
export async function saveConfig(db: Kysely<Database>, creatorId: number, input: ConfigInput, secret: string, now = Date.now()) {
  const values = columns(input);
  const key = newStreamKey(secret);
  // Insert-or-update in one statement: two saves racing for a first config cannot both insert.
  await db
    .insertInto('streamConfigs')
    .values({ creatorId, ...values, streamKeyCipher: key.streamKeyCipher, streamKeyHash: key.streamKeyHash, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('creatorId').doUpdateSet({ ...values, updatedAt: now }))
    .execute();
  return (await findConfig(db, creatorId))!;
}

/** A new stream key; the old one stops working at once. Creates a default configuration if none. */
export async function regenerateKey(db: Kysely<Database>, creatorId: number, ingestUrl: string, secret: string, now = Date.now()): Promise<StreamKeyResponse> {
  const existing = await findConfig(db, creatorId);
  if (!existing) {
    // The first key comes with a default configuration, which the form can then edit.
    const { configId: _none, ingestUrl: _url, streamKey: _key, ...defaults } = presentConfig(undefined, ingestUrl, secret);
    const row = await saveConfig(db, creatorId, defaults, secret, now);
    return { configId: row.id, ingestUrl, streamKey: decryptStreamKey(row.streamKeyCipher, secret)! };
  }
  const key = newStreamKey(secret);
  await db
    .updateTable('streamConfigs')
    .set({ streamKeyCipher: key.streamKeyCipher, streamKeyHash: key.streamKeyHash, updatedAt: now })
    .where('id', '=', existing.id)
    .execute();
  return { configId: existing.id, ingestUrl, streamKey: key.key };
}
