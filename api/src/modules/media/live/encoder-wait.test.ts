/**
 * A broadcast started in the Studio that no encoder reaches ends on its own after MEDIA_START_TIMEOUT_MS
 * (offline, nothing recorded, its creator told), as does one whose encoder never came back after a
 * restart (its dead live files removed), while one whose encoder is publishing stays on air past that
 * wait. A real RTMP ingest and a synthetic encoder; one short stream per database.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, Notification } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../../test/support/app.ts';
import { testDialects } from '../../../../../test-support/databases.ts';
import { startEncoder, waitFor, type Encoder } from '../../../../test/support/live-media.ts';
import { closeAllSockets, collect, connectSocket } from '../../../../test/support/sockets.ts';

const dialects = await testDialects();
const WAIT_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dialects)('waiting for the encoder on %s', { timeout: 60_000 }, (dialect) => {
  let t: TestApp;
  let creator: string;
  let key: string;
  let configId: number;
  let notices: { seen: Notification[] };
  let updates: { seen: Content[] };
  let encoder: Encoder | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { MEDIA_INGEST: 'true', RTMP_PORT: '0', MEDIA_START_TIMEOUT_MS: String(WAIT_MS), MEDIA_GRACE_MS: '1000', HOST: '127.0.0.1' } });
    const base = await listen(t);
    creator = await signIn(t.app, 'creator', 'creator123');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/config',
      headers: { cookie: creator },
      payload: { title: 'Soundcheck', bitrate: 1000, saveRecording: true, destinations: [{ platform: 'onair', enabled: true }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    ({ streamKey: key, configId } = saved.json() as { streamKey: string; configId: number });
    const socket = await connectSocket(base, creator);
    notices = collect(socket, 'notification:new');
    updates = collect(socket, 'content:updated');
  }, 30_000);

  afterAll(async () => {
    encoder?.stop();
    closeAllSockets();
    await t?.close();
  });

  const start = async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/start', headers: { cookie: creator }, payload: { configId } });
    expect(started.statusCode, started.body).toBe(201);
    return started.json() as { streamId: number; contentId: number };
  };
  const item = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/content/${id}` })).json() as Content;

  it('tells the Studio how long a started broadcast waits for its encoder', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config', headers: { cookie: creator } });
    expect(config.json()).toMatchObject({ encoderWaitSeconds: WAIT_MS / 1000 });
  });

  it('ends a broadcast no encoder reached: offline, nothing recorded, the creator told, open pages updated', async () => {
    const { streamId, contentId } = await start();
    expect((await item(contentId)).status).toBe('live');

    const notice = await waitFor('the creator’s notice', async () => notices.seen.find((n) => n.text.includes('“Soundcheck” ended on its own')), 15_000);
    expect(notice).toMatchObject({
      kind: 'notice',
      from: null,
      link: '/creator-studio',
      text: 'Your broadcast “Soundcheck” ended on its own: no encoder connected within 2 seconds of Start Stream, so nothing was recorded. When OBS (or your encoder) is ready, start it again in the Creator Studio.',
    });
    expect(await item(contentId)).toMatchObject({ status: 'offline', duration: 0 });
    expect(updates.seen.some((c) => c.id === contentId && c.status === 'offline')).toBe(true);
    const stream = await t.database.db.kysely.selectFrom('streams').select(['startedAt', 'endedAt']).where('id', '=', streamId).executeTakeFirstOrThrow();
    expect(stream.endedAt).not.toBeNull();
    // Not before its wait was up, read off the stream's own times: a check a second after the start
    // failed on a loaded machine, where the start and that second took longer than the wait.
    expect(Number(stream.endedAt) - Number(stream.startedAt)).toBeGreaterThanOrEqual(WAIT_MS);
    const active = await t.app.inject({ method: 'GET', url: '/api/creator/streaming/active', headers: { cookie: creator } });
    expect(active.json()).toEqual({ streams: [] });
  });

  it('ends a broadcast whose encoder never came back after a restart, and drops its dead live files', async () => {
    const { contentId } = await start();
    // What a process that stopped mid-broadcast leaves: a live media row and its playlist, no encoder here.
    const liveDir = path.join(t.config.mediaDir, 'live', String(contentId));
    await mkdir(liveDir, { recursive: true });
    await writeFile(path.join(liveDir, 'master.m3u8'), '#EXTM3U\n');
    await t.database.db.kysely.insertInto('mediaAssets').values({ contentId, status: 'live', hlsPath: `live/${contentId}/master.m3u8`, updatedAt: Date.now() }).execute();
    expect((await item(contentId)).playback?.live).toBe(true);

    const notice = await waitFor('the creator’s notice', async () => notices.seen.find((n) => n.text.includes('OnAir restarted')), 15_000);
    expect(notice.text).toBe(
      'Your broadcast “Soundcheck” ended on its own: OnAir restarted while it was on air and its encoder did not reconnect within 2 seconds. When OBS (or your encoder) is ready, start it again in the Creator Studio.',
    );
    expect(await item(contentId)).toMatchObject({ status: 'offline', playback: null });
    expect(existsSync(liveDir)).toBe(false);
  });

  it('keeps a broadcast whose encoder is publishing on air past the wait', async () => {
    const { streamId, contentId } = await start();
    encoder = startEncoder(`rtmp://127.0.0.1:${t.app.liveMedia.rtmpPort}/live/${key}`, { seconds: 20, video: { width: 320, height: 240, fps: 15 } });
    await waitFor('the encoder on air', async () => t.app.liveMedia.manager?.sessionFor(streamId), 15_000);
    await sleep(WAIT_MS * 2);
    expect((await item(contentId)).status).toBe('live');
    const stopped = await t.app.inject({ method: 'POST', url: `/api/creator/streaming/stop/${streamId}`, headers: { cookie: creator } });
    expect(stopped.json()).toMatchObject({ contentStatus: 'published' });
    expect(notices.seen.filter((n) => n.text.includes('ended on its own'))).toHaveLength(2);
  });
});
