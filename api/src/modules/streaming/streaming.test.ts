import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActiveStreamsResponseSchema, ContentSchema, StreamConfigSchema, StreamStartResponseSchema } from '@onair/protocol';
import { createTestApp, listen, sessionCookie, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, emitWithAck, nextEvent } from '../../../test/support/sockets.ts';
import { hashStreamKey } from './keys.ts';

const dialects = await testDialects();

describe.each(dialects)('Creator Studio streaming on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let creator: string;
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t);
    [creator, viewer, admin] = await Promise.all([
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, cookie?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: `/api/creator/streaming${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const liveIds = async () => ((await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as { id: number }[]).map((c) => c.id);

  it('refuses every Studio call signed out (401) and to viewers (403)', async () => {
    const paths: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/config'],
      ['POST', '/config', { title: 'x' }],
      ['POST', '/start', { configId: 1 }],
      ['POST', '/stop/1'],
      ['GET', '/active'],
      ['POST', '/key/regenerate'],
    ];
    for (const [method, path, payload] of paths) {
      expect((await call(method, path, undefined, payload)).statusCode, path).toBe(401);
      expect((await call(method, path, viewer, payload)).statusCode, path).toBe(403);
    }
  });

  it('offers the defaults of spec §9 before anything is saved', async () => {
    const config = StreamConfigSchema.parse((await call('GET', '/config', creator)).json());
    expect(config).toMatchObject({
      configId: null,
      bitrate: 2500,
      resolution: '1920x1080',
      saveRecording: true,
      generatePodcast: false,
      streamKey: null,
      ingestUrl: 'rtmp://localhost/live',
      destinations: [
        { platform: 'onair', enabled: true },
        { platform: 'facebook', enabled: false },
        { platform: 'youtube', enabled: false },
        { platform: 'twitter', enabled: false },
      ],
    });
  });

  it('rejects bad configurations with a 400 naming the field and writes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: 'x', bitrate: 499 }, /^bitrate must be at least 500/],
      [{ title: 'x', bitrate: 8001 }, /^bitrate must be at most 8000/],
      [{ title: 'x', bitrate: '2500' }, /^bitrate/],
      [{ title: 'x', resolution: '640x480' }, /^resolution/],
      [{ title: 'x', destinations: [{ platform: 'myspace', enabled: true }] }, /^destinations\.0\.platform/],
      [{ title: 'x', saveRecording: 'yes' }, /^saveRecording/],
      [{ title: 'x'.repeat(201) }, /^title/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/config', creator, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await t.database.db.kysely.selectFrom('streamConfigs').selectAll().execute()).toEqual([]);
  });

  it('saves a configuration with a secret stream key that is stored encrypted, and regenerates it', async () => {
    const saved = StreamConfigSchema.parse(
      (await call('POST', '/config', creator, { title: 'Friday Night Live', description: 'Music and talk', destinations: [{ platform: 'youtube', enabled: true }], bitrate: 4500, resolution: '1280x720' })).json(),
    );
    expect(saved).toMatchObject({ title: 'Friday Night Live', bitrate: 4500, resolution: '1280x720', saveRecording: true });
    expect(saved.destinations.filter((d) => d.enabled).map((d) => d.platform)).toEqual(['onair', 'youtube']);
    expect(saved.configId).toBeGreaterThan(0);
    expect(saved.streamKey).toMatch(/^live_[A-Za-z0-9_-]{32}$/);
    const again = StreamConfigSchema.parse((await call('GET', '/config', creator)).json());
    expect(again).toEqual(saved);

    const row = await t.database.db.kysely.selectFrom('streamConfigs').selectAll().where('id', '=', saved.configId!).executeTakeFirstOrThrow();
    expect(row.streamKeyCipher).not.toContain(saved.streamKey!.slice(5));
    expect(row.streamKeyHash).toBe(hashStreamKey(saved.streamKey!));

    const fresh = (await call('POST', '/key/regenerate', creator)).json();
    expect(fresh).toMatchObject({ configId: saved.configId, ingestUrl: 'rtmp://localhost/live' });
    expect(fresh.streamKey).not.toBe(saved.streamKey);
    expect(StreamConfigSchema.parse((await call('GET', '/config', creator)).json()).streamKey).toBe(fresh.streamKey);
    // Saving the form again keeps the key.
    expect((await call('POST', '/config', creator, { ...saved, configId: undefined })).json().streamKey).toBe(fresh.streamKey);
  });

  it('goes live as a content item viewers can watch, with counts that move, and leaves the grid when stopped', async () => {
    const { configId } = (await call('GET', '/config', creator)).json();
    const [studio, lobby, watcher] = await Promise.all([connectSocket(url, creator), connectSocket(url), connectSocket(url, viewer)]);
    const announced = nextEvent(lobby, 'content:updated', (c) => c.status === 'live' && c.title === 'Friday Night Live');
    const activeNow = nextEvent(studio, 'streams:active', (s) => s.length === 1);

    const started = await call('POST', '/start', creator, { configId });
    expect(started.statusCode).toBe(201);
    const stream = StreamStartResponseSchema.parse(started.json());
    expect(stream.destinations).toEqual(['OnAir', 'YouTube']);
    expect(ContentSchema.parse(await announced).id).toBe(stream.contentId);
    expect((await activeNow)[0]).toMatchObject({ id: stream.streamId, contentId: stream.contentId, viewerCount: 0 });
    expect(await liveIds()).toContain(stream.contentId);

    const moved = nextEvent(studio, 'presence:update', (u) => u.contentId === stream.contentId && u.viewerCount === 1);
    const ack = await emitWithAck(watcher, 'content:watch', { contentId: stream.contentId, device: 'web' });
    expect(ack).toMatchObject({ ok: true, data: { viewerCount: 1 } });
    await moved;
    const active = ActiveStreamsResponseSchema.parse((await call('GET', '/active', creator)).json());
    expect(active.streams).toEqual([expect.objectContaining({ id: stream.streamId, title: 'Friday Night Live', viewerCount: 1, peakViewers: 1 })]);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as { id: number; viewerCount: number }[];
    expect(listed.find((c) => c.id === stream.contentId)?.viewerCount).toBe(1);

    const twice = await call('POST', '/start', creator, { configId });
    expect(twice.statusCode).toBe(409);

    expect((await call('POST', `/stop/${stream.streamId}`, viewer)).statusCode).toBe(403);
    const ended = nextEvent(lobby, 'content:updated', (c) => c.id === stream.contentId && c.status !== 'live');
    const none = nextEvent(studio, 'streams:active', (s) => s.length === 0);
    const stop = await call('POST', `/stop/${stream.streamId}`, creator);
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toMatchObject({ streamId: stream.streamId, contentId: stream.contentId, contentStatus: 'published' });
    expect((await ended).status).toBe('published');
    await none;
    expect(await liveIds()).not.toContain(stream.contentId);
    expect((await call('GET', '/active', creator)).json()).toEqual({ streams: [] });
    // Stopping twice answers with the same end.
    expect((await call('POST', `/stop/${stream.streamId}`, creator)).json()).toEqual(stop.json());
  });

  it('needs a title, an enabled destination and the caller’s own configuration to start', async () => {
    const { configId } = (await call('GET', '/config', creator)).json();
    await call('POST', '/config', creator, { title: '   ', destinations: [{ platform: 'onair', enabled: true }] });
    const untitled = await call('POST', '/start', creator, { configId });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.body).toMatch(/^title/);

    await call('POST', '/config', creator, { title: 'Quiet', destinations: [{ platform: 'onair', enabled: false }] });
    const nowhere = await call('POST', '/start', creator, { configId });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.body).toMatch(/^destinations/);

    expect((await call('POST', '/start', creator, {})).body).toMatch(/^configId/);
    expect((await call('POST', '/start', admin, { configId })).statusCode).toBe(404);
    expect((await call('POST', '/stop/abc', creator)).body).toMatch(/^id/);
    expect(await t.database.db.kysely.selectFrom('streams').select('id').where('endedAt', 'is', null).execute()).toEqual([]);
  });

  it('lets an admin take another creator’s stream off air, and keeps no recording when asked', async () => {
    await call('POST', '/config', creator, { title: 'No tape', saveRecording: false });
    const { configId } = (await call('GET', '/config', creator)).json();
    const stream = StreamStartResponseSchema.parse((await call('POST', '/start', creator, { configId })).json());
    const stop = await call('POST', `/stop/${stream.streamId}`, admin);
    expect(stop.json()).toMatchObject({ contentStatus: 'offline' });
    const item = await t.database.db.kysely.selectFrom('content').select(['status', 'liveSince']).where('id', '=', stream.contentId).executeTakeFirstOrThrow();
    expect(item).toEqual({ status: 'offline', liveSince: null });
  });
  it('puts a new self-serve creator’s open socket into their creator room at once', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: `fresh_${dialect}`, email: `fresh_${dialect}@example.test`, password: 'password-123' } });
    const cookie = sessionCookie(registered);
    const socket = await connectSocket(url, cookie);
    await t.app.inject({ method: 'POST', url: '/api/creator', headers: { cookie }, payload: { handle: `fresh-${dialect}`, displayName: 'Fresh' } });
    const saved = (await call('POST', '/config', cookie, { title: 'First show' })).json();
    const pushed = nextEvent(socket, 'streams:active', (s) => s.length === 1);
    const stream = StreamStartResponseSchema.parse((await call('POST', '/start', cookie, { configId: saved.configId })).json());
    expect((await pushed)[0]!.id).toBe(stream.streamId);
    await call('POST', `/stop/${stream.streamId}`, cookie);
  });
});
