import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RestreamTargetSchema, StreamHealthSchema, type RestreamState, type StreamHealth } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { enabledRestreamTargets } from './destinations.ts';

const dialects = await testDialects();
// Each step is a few requests, but the shared test machine can be slow under load.
vi.setConfig({ testTimeout: 90_000 });

describe.each(dialects)('restream destinations on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let creator: string;
  let otherCreator: string;
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
    [creator, viewer, admin] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'admin', 'admin123')]);
    // A second creator: the listener account promoted, as an admin would.
    await t.database.db.kysely.updateTable('users').set({ role: 'creator' }).where('username', '=', 'listener').execute();
    otherCreator = await signIn(t.app, 'listener', 'listener123');
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const base = '/api/creator/streaming/destinations';
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, cookie?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url: path, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const rows = () => t.database.db.kysely.selectFrom('restreamTargets').selectAll().orderBy('id').execute();
  const youtube = { platform: 'youtube', name: 'My channel', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', streamKey: 'abcd-efgh-ijkl-9876' };

  it('refuses signed-out callers (401) and viewers (403) on every route', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, Record<string, unknown>?][] = [
      ['GET', base],
      ['POST', base, youtube],
      ['PATCH', `${base}/1`, { enabled: false }],
      ['DELETE', `${base}/1`],
      ['GET', '/api/creator/streaming/health'],
      ['GET', '/api/creator/streaming/restreams'],
    ];
    for (const [method, path, payload] of routes) {
      expect((await call(method, path, undefined, payload)).statusCode, `${method} ${path}`).toBe(401);
      expect((await call(method, path, viewer, payload)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await rows()).toEqual([]);
  });

  it('rejects bad destinations with a 400 naming the field and stores nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...youtube, serverUrl: 'https://youtube.com/live' }, /^serverUrl must be an rtmp:\/\/ or rtmps:\/\/ URL/],
      [{ ...youtube, serverUrl: 'rtmp://' }, /^serverUrl/],
      [{ ...youtube, serverUrl: 'rtmp://host with space/app' }, /^serverUrl/],
      [{ ...youtube, serverUrl: 42 }, /^serverUrl must be text/],
      [{ ...youtube, platform: 'myspace' }, /^platform must be one of facebook, youtube, twitter, custom/],
      [{ ...youtube, name: '  ' }, /^name is required/],
      [{ ...youtube, streamKey: '' }, /^streamKey is required/],
      [{ ...youtube, streamKey: 'two words' }, /^streamKey must not contain spaces/],
      [{ ...youtube, enabled: 'yes' }, /^enabled must be true or false/],
      [{ platform: 'custom', name: 'x', streamKey: 'k' }, /^serverUrl/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', base, creator, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await rows()).toEqual([]);
  });

  it('adds, lists, edits and deletes a destination; the key is encrypted at rest and only its last 4 characters come back', async () => {
    const created = await call('POST', base, creator, youtube);
    expect(created.statusCode).toBe(201);
    const target = RestreamTargetSchema.parse(created.json());
    expect(target).toEqual({ id: target.id, platform: 'youtube', name: 'My channel', serverUrl: 'rtmp://a.rtmp.youtube.com/live2', keyHint: '9876', enabled: true });
    expect(created.body).not.toContain('abcd-efgh');

    const [row] = await rows();
    expect(row!.creatorId).toBeGreaterThan(0);
    expect(row!.keyCipher).not.toContain('abcd');
    expect(row!.keyCipher).not.toContain(youtube.streamKey);
    expect(row!.keyHint).toBe('9876');

    const custom = RestreamTargetSchema.parse(
      (await call('POST', base, creator, { platform: 'custom', name: 'Backup server', serverUrl: 'rtmps://live.example.org:443/app/', streamKey: 'sekret42', enabled: false })).json(),
    );
    const listed = await call('GET', base, creator);
    expect(listed.json()).toEqual([target, custom]);
    expect(listed.body).not.toContain('sekret');

    const patched = await call('PATCH', `${base}/${target.id}`, creator, { enabled: false, name: 'Main channel', streamKey: 'new-key-5555' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ ...target, name: 'Main channel', enabled: false, keyHint: '5555' });
    expect(patched.body).not.toContain('new-key');
    expect((await call('PATCH', `${base}/${target.id}`, creator, { serverUrl: 'ftp://nope' })).body).toMatch(/^serverUrl/);
    expect((await call('PATCH', `${base}/${target.id}`, creator, { enabled: 1 })).body).toMatch(/^enabled must be true or false/);
    expect((await call('PATCH', `${base}/abc`, creator, { enabled: true })).statusCode).toBe(400);

    // The restreamer gets enabled destinations with the decrypted key joined to the server URL.
    await call('PATCH', `${base}/${target.id}`, creator, { enabled: true });
    await call('PATCH', `${base}/${custom.id}`, creator, { enabled: true });
    expect(await enabledRestreamTargets(t.database.db.kysely, row!.creatorId, t.config.sessionSecret)).toEqual([
      { id: target.id, platform: 'youtube', name: 'Main channel', url: 'rtmp://a.rtmp.youtube.com/live2/new-key-5555' },
      { id: custom.id, platform: 'custom', name: 'Backup server', url: 'rtmps://live.example.org:443/app/sekret42' },
    ]);
    // Read under another secret the keys are unreadable and left out rather than sent garbled.
    expect(await enabledRestreamTargets(t.database.db.kysely, row!.creatorId, 'another-secret-another-secret-0123456789')).toEqual([]);

    expect((await call('DELETE', `${base}/${custom.id}`, creator)).statusCode).toBe(204);
    expect((await call('DELETE', `${base}/${custom.id}`, creator)).statusCode).toBe(404);
    expect((await call('GET', base, creator)).json()).toHaveLength(1);
  });

  it('never gives a short key away: the hint shows at most half of it, and nothing of a key of 4 characters or fewer', async () => {
    const cases = [['loop', ''], ['k', ''], ['abcde', 'de'], ['abcdefg', 'efg'], ['abcdefgh', 'efgh']] as const;
    for (const [streamKey, hint] of cases) {
      const created = await call('POST', base, creator, { ...youtube, streamKey });
      expect(created.statusCode).toBe(201);
      const target = RestreamTargetSchema.parse(created.json());
      expect(target.keyHint, streamKey).toBe(hint);
      const patched = await call('PATCH', `${base}/${target.id}`, creator, { streamKey: 'loop' });
      expect(patched.json()).toMatchObject({ keyHint: '' });
      expect((await call('GET', base, creator)).body).not.toContain('loop');
      expect((await call('DELETE', `${base}/${target.id}`, creator)).statusCode).toBe(204);
    }
  });

  it("hides one creator's destinations from another (404) while admins manage their own", async () => {
    const [mine] = (await call('GET', base, creator)).json() as { id: number }[];
    expect((await call('GET', base, otherCreator)).json()).toEqual([]);
    expect((await call('PATCH', `${base}/${mine!.id}`, otherCreator, { enabled: false })).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${mine!.id}`, otherCreator)).statusCode).toBe(404);
    expect((await call('PATCH', `${base}/${mine!.id}`, admin, { name: 'taken over' })).statusCode).toBe(404);
    expect((await call('GET', base, creator)).json()).toEqual([expect.objectContaining({ id: mine!.id, name: 'Main channel' })]);

    const own = await call('POST', base, admin, { platform: 'facebook', name: 'Station page', serverUrl: 'rtmps://live-api-s.facebook.com:443/rtmp/', streamKey: 'FB-1-2-3-abcd' });
    expect(own.statusCode).toBe(201);
    expect((await call('GET', base, admin)).json()).toEqual([own.json()]);
  });

  it('pushes health and restream states to the creator and serves them while the stream is on air', async () => {
    const { id: creatorId } = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const saved = (await call('POST', '/api/creator/streaming/config', creator, { title: 'Health check', destinations: [] })).json() as { configId: number };
    const started = (await call('POST', '/api/creator/streaming/start', creator, { configId: saved.configId })).json() as { streamId: number; contentId: number };

    const studio = await connectSocket(url, creator);
    const other = await connectSocket(url, otherCreator);
    let otherHeard = 0;
    other.on('stream:health', () => otherHeard++);
    const health: StreamHealth = {
      streamId: started.streamId,
      contentId: started.contentId,
      bitrateKbps: 2400,
      configuredKbps: 2500,
      fps: 30,
      width: 1920,
      height: 1080,
      keyframeInterval: 2,
      videoCodec: 'h264',
      audioCodec: 'aac',
      idleMs: 0,
      warnings: [],
      measuredAt: new Date().toISOString(),
    };
    const pushed = nextEvent(studio, 'stream:health', (h) => h.streamId === started.streamId);
    t.app.liveState.publishHealth(creatorId, health);
    expect(StreamHealthSchema.parse(await pushed)).toEqual(health);

    const state: RestreamState = { streamId: started.streamId, targetId: 1, name: 'My channel', platform: 'youtube', state: 'live', reason: null, attempts: 1, since: new Date().toISOString() };
    const pushedState = nextEvent(studio, 'restream:state', (s) => s.state === 'live');
    t.app.liveState.publishRestream(creatorId, state);
    expect(await pushedState).toEqual(state);

    expect((await call('GET', '/api/creator/streaming/health', creator)).json()).toEqual([health]);
    expect((await call('GET', '/api/creator/streaming/restreams', creator)).json()).toEqual([state]);
    expect((await call('GET', '/api/creator/streaming/health', otherCreator)).json()).toEqual([]);
    expect((await call('GET', '/api/creator/streaming/restreams', otherCreator)).json()).toEqual([]);
    expect(otherHeard).toBe(0);

    // Once off air, what was measured is no longer reported, and ending the stream forgets it.
    await call('POST', `/api/creator/streaming/stop/${started.streamId}`, creator);
    expect((await call('GET', '/api/creator/streaming/health', creator)).json()).toEqual([]);
    expect((await call('GET', '/api/creator/streaming/restreams', creator)).json()).toEqual([]);
    t.app.liveState.endStream(started.streamId);
    expect(t.app.liveState.health.size).toBe(0);
    expect(t.app.liveState.restreams.size).toBe(0);
  });
});
