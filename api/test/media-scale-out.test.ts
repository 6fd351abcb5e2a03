/**
 * The scale-out media topology: an API node (REDIS_URL set, so it takes no live inputs) and the media
 * process (`npm run media`: the same server with MEDIA_INGEST=true) on one Postgres, Redis and MEDIA_DIR.
 * An encoder pushes to the media process; the API node's clients see the stream live, its health over
 * their sockets (through the Redis adapter) and its files; the Studio's Stop on the API node ends it.
 * When the encoder drops, the API node's viewers are told, and so is one who opens the item after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@onair/protocol';
import { seedDemo } from '../src/db/seed/demo.ts';
import { TINY_SEED } from './support/app.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../test-support/databases.ts';
import { startEncoder, waitFor, type Encoder } from './support/live-media.ts';
import { freePort, startApiProcess, type ApiProcess } from '../../test-support/processes.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { closeAllSockets, connectSocket, nextEvent } from './support/sockets.ts';

const ready = (await postgresAvailable()) && (await redisAvailable());

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('onair.sid='))!.split(';')[0]!;
}

describe.skipIf(!ready)('media process beside an API node', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let api: ApiProcess;
  let media: ApiProcess;
  let mediaDir: string;
  let rtmpPort: number;
  let encoder: Encoder | undefined;
  const prefix = uniquePrefix('media');

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemo(database.db.kysely, TINY_SEED);
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'onair-media-shared-'));
    rtmpPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'media-scale-secret-media-scale-secret-012345',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      MEDIA_DIR: mediaDir,
      // Long enough for a viewer to open the item on the API node while the encoder is away.
      MEDIA_GRACE_MS: '4000',
    };
    // What `npm run media` sets (scripts/media.mjs): ingest on, on its own port.
    [api, media] = await Promise.all([startApiProcess({ ...env, NODE_ID: 'api' }), startApiProcess({ ...env, NODE_ID: 'media', MEDIA_INGEST: 'true', RTMP_PORT: String(rtmpPort) })]);
  }, 120_000);

  afterAll(async () => {
    encoder?.stop();
    closeAllSockets();
    await Promise.all([api?.stop(), media?.stop()]);
    await database?.destroy();
    await clearPrefix(prefix);
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it('goes live through the media process and is seen, measured and stopped from the API node', async () => {
    const creator = await signIn(api.url, 'creator', 'creator123');
    const saved = await fetch(`${api.url}/api/creator/streaming/config`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: creator },
      body: JSON.stringify({ title: 'Cluster Live', bitrate: 1000, saveRecording: false }),
    });
    const { streamKey, configId } = (await saved.json()) as { streamKey: string; configId: number };
    const socket = await connectSocket(api.url, creator);
    const health = nextEvent(socket, 'stream:health', (h) => h.bitrateKbps > 0, 60_000);
    encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: 60, video: { width: 640, height: 360 } });

    const live = await waitFor('the stream live on the API node', async () => {
      const items = (await (await fetch(`${api.url}/api/content?live=true`)).json()) as Content[];
      return items.find((c) => c.title === 'Cluster Live' && c.playback?.hls);
    }, 60_000);
    const master = await fetch(`${api.url}${live.playback!.hls}`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('RESOLUTION=640x360');
    expect((await health).contentId).toBe(live.id);

    const active = (await (await fetch(`${api.url}/api/creator/streaming/active`, { headers: { cookie: creator } })).json()) as { streams: { id: number; contentId: number }[] };
    const stream = active.streams.find((s) => s.contentId === live.id)!;
    const stopped = await fetch(`${api.url}/api/creator/streaming/stop/${stream.id}`, { method: 'POST', headers: { cookie: creator } });
    expect(stopped.status).toBe(200);
    // The media process hears the Stop through Redis and drops the encoder long before its 60 s end.
    const code = await Promise.race([encoder.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))]);
    expect(code).not.toBe('still running');

    // The encoder's automatic reconnect does not start a new broadcast behind the Studio's back…
    const reconnect = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: 30, video: { width: 640, height: 360 } });
    const refused = await Promise.race([reconnect.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
    reconnect.stop();
    expect(refused).not.toBe('still running');
    const liveAfterStop = (await (await fetch(`${api.url}/api/content?live=true`)).json()) as Content[];
    expect(liveAfterStop.filter((c) => c.title === 'Cluster Live')).toEqual([]);
    // …the Studio's Start does, and the encoder is taken again.
    const started = await fetch(`${api.url}/api/creator/streaming/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: creator },
      body: JSON.stringify({ configId }),
    });
    expect(started.status).toBe(201);
    encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, { seconds: 60, video: { width: 640, height: 360 } });
    const restarted = await waitFor('the restarted stream playable', async () => {
      const items = (await (await fetch(`${api.url}/api/content?live=true`)).json()) as Content[];
      return items.find((c) => c.title === 'Cluster Live' && c.id !== live.id && c.playback?.hls);
    }, 60_000);

    // The encoder drops: a viewer on the API node is told through Redis, and one who opens the item
    // while it is away is told on entering (the API node kept what the media process said).
    const viewer = await connectSocket(api.url);
    await viewer.emitWithAck('content:watch', { contentId: restarted.id });
    const lost = nextEvent(viewer, 'stream:signal', (s) => s.state === 'lost', 10_000);
    encoder.stop();
    expect(await lost).toMatchObject({ contentId: restarted.id, state: 'lost' });
    const latecomer = await connectSocket(api.url);
    const told = nextEvent(latecomer, 'stream:signal', () => true, 2000);
    await latecomer.emitWithAck('content:watch', { contentId: restarted.id });
    expect(await told).toEqual(await lost);
    expect(await nextEvent(viewer, 'stream:signal', () => true, 10_000)).toMatchObject({ contentId: restarted.id, state: 'ended' });
  });
});
