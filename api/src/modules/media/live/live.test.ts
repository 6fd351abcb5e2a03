/**
 * The live path end to end, with real processes: a synthetic encoder publishes over RTMP with the
 * creator's key, the item goes live with an HLS ladder, health and restream states reach the
 * creator's socket, a second RTMP server receives the restream while a broken destination fails
 * beside it (and a platform not switched on for the broadcast gets nothing), an encoder that drops and
 * comes back inside the grace period continues the same broadcast (whatever another account's refused
 * push does meanwhile), and the end keeps a recording of both takes; a new key cuts an encoder on the
 * old one. One stream per database, shared by the checks.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, RestreamState, StreamHealth, StreamSignal } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../../test/support/app.ts';
import { testDialects } from '../../../../../test-support/databases.ts';
import { probeMedia, startEncoder, startRtmpReceiver, waitFor, type Encoder } from '../../../../test/support/live-media.ts';
import { freePort } from '../../../../../test-support/processes.ts';
import { closeAllSockets, collect, connectSocket } from '../../../../test/support/sockets.ts';
import { encryptStreamKey } from '../../streaming/keys.ts';

const dialects = await testDialects();
const ENCODER_SECONDS = 8;
/** A second take: the encoder comes back inside the grace period. */
const RECONNECT_SECONDS = 7;
const GRACE_MS = 4000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// Real processes on a shared machine: generous limits, the checks themselves are exact.
const SLOW = 90_000;

describe.each(dialects)('live media on %s', { timeout: SLOW }, (dialect) => {
  let t: TestApp;
  let base: string;
  let creator: string;
  let key: string;
  let rtmp: string;
  let encoder: Encoder;
  let receiverFile: string;
  let receiver: ReturnType<typeof startRtmpReceiver>;
  let health: { seen: StreamHealth[] };
  let restreams: { seen: RestreamState[] };
  let live: Content;
  /** What a viewer with the item open since before the first drop was told of the encoder. */
  let signals: { seen: StreamSignal[] };

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { MEDIA_INGEST: 'true', RTMP_PORT: '0', MEDIA_GRACE_MS: String(GRACE_MS), HOST: '127.0.0.1' } });
    base = await listen(t);
    creator = await signIn(t.app, 'creator', 'creator123');
    rtmp = `rtmp://127.0.0.1:${t.app.liveMedia.rtmpPort}/live`;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/config',
      headers: { cookie: creator },
      payload: {
        title: 'Evening News Live',
        bitrate: 1000,
        saveRecording: true,
        generatePodcast: true,
        destinations: [
          { platform: 'onair', enabled: true },
          { platform: 'youtube', enabled: true },
        ],
      },
    });
    key = saved.json().streamKey;

    // Two destinations: a real RTMP server on this machine, and one nothing listens on.
    const receiverPort = await freePort();
    receiverFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-restream-')), 'received.flv');
    receiver = startRtmpReceiver(receiverPort, receiverFile);
    const creatorId = (await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    const secret = t.config.sessionSecret;
    const now = Date.now();
    await t.database.db.kysely
      .insertInto('restreamTargets')
      .values([
        { creatorId, platform: 'custom', name: 'Local relay', serverUrl: `rtmp://127.0.0.1:${receiverPort}/live`, keyCipher: encryptStreamKey('receiver', secret), keyHint: 'iver', enabled: 1, createdAt: now, updatedAt: now },
        { creatorId, platform: 'youtube', name: 'Broken YouTube', serverUrl: 'rtmp://127.0.0.1:9/live2', keyCipher: encryptStreamKey('nothing-here', secret), keyHint: 'here', enabled: 1, createdAt: now, updatedAt: now },
        // Enabled, but Facebook is not switched on for this broadcast: never started.
        { creatorId, platform: 'facebook', name: 'Facebook page', serverUrl: 'rtmp://127.0.0.1:9/fb', keyCipher: encryptStreamKey('fb-key', secret), keyHint: '-key', enabled: 1, createdAt: now, updatedAt: now },
      ])
      .execute();

    const socket = await connectSocket(base, creator);
    health = collect(socket, 'stream:health');
    restreams = collect(socket, 'restream:state');
  }, 60_000);

  afterAll(async () => {
    encoder?.stop();
    receiver?.child.kill('SIGKILL');
    closeAllSockets();
    await t?.close();
  });

  it('refuses a wrong key at connect, and nothing goes live', async () => {
    const wrong = startEncoder(`${rtmp}/live_wrongkeywrongkeywrongkeywrongkey`, { seconds: 3 });
    const code = await wrong.exited;
    expect(code).not.toBe(0);
    const liveItems = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as Content[];
    expect(liveItems.find((c) => c.title === 'Evening News Live')).toBeUndefined();
  });

  it('takes the stream live when the encoder publishes, with an HLS ladder that never upscales', async () => {
    encoder = startEncoder(`${rtmp}/${key}`, { seconds: ENCODER_SECONDS, video: { width: 960, height: 540 } });
    live = await waitFor('a playable live item', async () => {
      const items = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as Content[];
      return items.find((c) => c.title === 'Evening News Live' && c.playback?.hls);
    }, SLOW / 2);
    expect(live.playback).toMatchObject({ live: true, hls: `/media/live/${live.id}/master.m3u8` });
    const master = await t.app.inject({ method: 'GET', url: live.playback!.hls! });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/no-cache/);
    expect(master.body).toContain('RESOLUTION=960x540');
    expect(master.body).toContain('RESOLUTION=854x480');
    expect(master.body).not.toMatch(/RESOLUTION=\d+x(720|1080)/);
    expect(master.body).toMatch(/CODECS="mp4a\.40\.2"\n/);

    const variant = await t.app.inject({ method: 'GET', url: `/media/live/${live.id}/source/index.m3u8` });
    expect(variant.body).toContain('#EXT-X-PROGRAM-DATE-TIME');
    const segment = variant.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const file = await t.app.inject({ method: 'GET', url: `/media/live/${live.id}/source/${segment}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp2t');
    expect(file.headers['cache-control']).toMatch(/immutable/);
  });

  it('pushes the input health to the creator while live', async () => {
    const measured = await waitFor('a health report with a measured bitrate', async () => health.seen.find((h) => h.bitrateKbps > 0 && h.fps !== null));
    expect(measured).toMatchObject({ contentId: live.id, width: 960, height: 540, videoCodec: 'H.264', audioCodec: 'AAC', configuredKbps: 1000 });
    expect(measured.fps).toBeGreaterThan(15);
    expect(measured.keyframeInterval).toBeLessThanOrEqual(2);
    expect(measured.warnings).toEqual([]);
  });

  it('restreams to a working destination while a broken one fails beside it', async () => {
    const working = await waitFor('the local relay live', async () => restreams.seen.find((s) => s.name === 'Local relay' && s.state === 'live'));
    expect(working.reason).toBeNull();
    const broken = await waitFor('the broken destination failed', async () => restreams.seen.find((s) => s.name === 'Broken YouTube' && s.state === 'failed'));
    expect(broken.reason).toBeTruthy();
    expect(restreams.seen.filter((s) => s.name === 'Facebook page')).toEqual([]);
    // The local stream carries on regardless.
    const variant = await t.app.inject({ method: 'GET', url: `/media/live/${live.id}/source/index.m3u8` });
    expect(variant.statusCode).toBe(200);
  });

  it('continues the same broadcast when the encoder reconnects within the grace period, whatever a refused push does meanwhile', async () => {
    // Another account that may broadcast, whose saved configuration cannot start (no title).
    const admin = await signIn(t.app, 'admin', 'admin123');
    const adminConfig = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/config', headers: { cookie: admin }, payload: { title: '' } });
    const adminKey = adminConfig.json().streamKey as string;

    const viewer = await connectSocket(base);
    signals = collect(viewer, 'stream:signal');
    expect(await viewer.emitWithAck('content:watch', { contentId: live.id })).toMatchObject({ ok: true });

    await encoder.exited;
    const droppedAt = Date.now();
    // Its viewers are told the broadcaster's signal dropped, and until when the broadcast waits; one who
    // opens the item meanwhile is told as it enters.
    const lost = await waitFor('the viewers told the signal dropped', async () => signals.seen.find((s) => s.state === 'lost'));
    expect(lost.contentId).toBe(live.id);
    expect(Math.abs(Date.parse(lost.endsAt!) - (droppedAt + GRACE_MS))).toBeLessThan(1500);
    const latecomer = await connectSocket(base);
    const told = collect(latecomer, 'stream:signal');
    await latecomer.emitWithAck('content:watch', { contentId: live.id });
    await waitFor('the latecomer told on entering', async () => told.seen.length > 0);
    expect(told.seen).toEqual([lost]);
    // A player without a socket (signed out) asks, and reads the same.
    const signalOf = (id: number) => t.app.inject({ method: 'GET', url: `/api/media/signal/${id}` });
    expect((await signalOf(live.id)).json()).toEqual(lost);
    expect((await signalOf(999_999)).statusCode).toBe(404);
    expect((await signalOf(0)).statusCode).toBe(400);
    // The Studio says the encoder is gone and how long the broadcast waits, instead of its last healthy figures.
    const waiting = await waitFor('a health report of the wait', async () => health.seen.find((h) => /^The encoder disconnected: the broadcast ends in \d+ s unless it reconnects$/.test(h.warnings[0] ?? '')));
    expect(waiting).toMatchObject({ contentId: live.id, bitrateKbps: 0, fps: null });

    // Its push is refused at start: it must neither end this broadcast's wait early nor leave a recording behind.
    const refused = startEncoder(`${rtmp}/${adminKey}`, { seconds: 3 });
    expect(await refused.exited).not.toBe(0);
    const pending = path.join(t.config.mediaDir, 'recordings', 'pending');
    await waitFor('the refused push’s recording discarded', async () => readdirSync(pending).length === 0);
    await sleep(300);

    encoder = startEncoder(`${rtmp}/${key}`, { seconds: RECONNECT_SECONDS, video: { width: 960, height: 540 } });
    // ffmpeg marks the second take's first segment: players keep the playlist and reset their decoder there.
    const variant = await waitFor('the playlist to continue after a discontinuity', async () => {
      const response = await t.app.inject({ method: 'GET', url: `/media/live/${live.id}/source/index.m3u8` });
      return response.statusCode === 200 && response.body.includes('#EXT-X-DISCONTINUITY') && response.body;
    });
    const afterBreak = variant.slice(variant.indexOf('#EXT-X-DISCONTINUITY'));
    expect(afterBreak.split('\n').some((l) => l.endsWith('.ts'))).toBe(true);
    // The picture is back: both viewers are told.
    await waitFor('the viewers told the signal is back', async () => told.seen.some((s) => s.state === 'restored'));
    expect(signals.seen.map((s) => s.state)).toEqual(['lost', 'restored']);
    expect((await signalOf(live.id)).json()).toEqual({ contentId: live.id, state: 'restored', endsAt: null });
    // Still on air past the first drop's grace period.
    await sleep(Math.max(0, droppedAt + GRACE_MS + 1500 - Date.now()));
    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${live.id}` })).json() as Content;
    expect(item.status).toBe('live');
    const streams = await t.database.db.kysely.selectFrom('streams').select(['id', 'endedAt']).where('contentId', '=', live.id).execute();
    expect(streams).toEqual([{ id: expect.any(Number), endedAt: null }]);
  });

  it('ends after the grace period when the encoder stops, keeping the recording and the restream', async () => {
    await encoder.exited;
    const ended = await waitFor(
      'the item to leave the live list',
      async () => {
        const item = (await t.app.inject({ method: 'GET', url: `/api/content/${live.id}` })).json() as Content;
        return item.status !== 'live' && item;
      },
      15_000,
    );
    expect(ended.status).toBe('published');
    // Its viewers were told the signal dropped, then that the broadcast ended without it.
    await waitFor('the viewers told the broadcast ended', async () => signals.seen.some((s) => s.state === 'ended'));
    expect(signals.seen.map((s) => s.state)).toEqual(['lost', 'restored', 'lost', 'ended']);
    expect(t.app.liveState.signals.size).toBe(0);
    // The recording (written by the ingest from the first packet) becomes the on-demand item.
    const asset = await waitFor('the recording to be ready', async () =>
      t.database.db.kysely.selectFrom('mediaAssets').selectAll().where('contentId', '=', live.id).where('status', '=', 'ready').executeTakeFirst(),
    );
    // Both takes, joined.
    expect(Math.abs(Number(asset.durationMs) / 1000 - (ENCODER_SECONDS + RECONNECT_SECONDS))).toBeLessThan(1.5);
    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${live.id}` })).json() as Content;
    expect(item.playback).toMatchObject({ live: false, file: `/media/vod/${live.id}/video.mp4` });
    const mp4 = await probeMedia(path.join(t.config.mediaDir, 'vod', String(live.id), 'video.mp4'));
    expect(mp4.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(existsSync(path.join(t.config.mediaDir, 'vod', String(live.id), 'episode.mp3'))).toBe(true);

    await receiver.exited;
    const received = await probeMedia(receiverFile);
    expect(received.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    // The relay joins once the key is checked and the input known: it carries most, not all, of the input.
    expect(received.durationSeconds!).toBeGreaterThan(2);
  });

  it('packages a radio input as audio-only HLS plus a listen URL that players read as audio', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/creator/streaming/config',
      headers: { cookie: creator },
      payload: { title: 'Night Radio', bitrate: 1000, contentType: 'radio', saveRecording: false, destinations: [{ platform: 'onair', enabled: true }] },
    });
    expect(saved.statusCode).toBe(200);
    await t.database.db.kysely.updateTable('restreamTargets').set({ enabled: 0 }).execute();
    const radio = startEncoder(`${rtmp}/${key}`, { seconds: 12, video: null });
    try {
      const station = await waitFor('a playable radio item', async () => {
        const items = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as Content[];
        return items.find((c) => c.title === 'Night Radio' && c.playback?.audio);
      });
      expect(station.type).toBe('radio');
      const master = await t.app.inject({ method: 'GET', url: station.playback!.hls! });
      expect(master.body).not.toContain('RESOLUTION=');
      expect(master.body).toContain('CODECS="mp4a.40.2"');
      const listen = await probeMedia(`${base}${station.playback!.audio!}`);
      expect(listen.streams.map((s) => s.codec_type)).toEqual(['audio']);
      expect(listen.streams[0]!.codec_name).toBe('mp3');

      // A new key cuts the encoder still on the old one, well before its input ends.
      const rotated = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/key/regenerate', headers: { cookie: creator } });
      expect(rotated.statusCode).toBe(200);
      const cut = await Promise.race([radio.exited.then(() => 'cut'), sleep(4000).then(() => 'still publishing')]);
      expect(cut).toBe('cut');
    } finally {
      radio.stop();
    }
  });
});
