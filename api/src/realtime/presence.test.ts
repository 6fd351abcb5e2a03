import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { closeAllSockets, connectSocket, emitWithAck, nextEvent } from '../../test/support/sockets.ts';
import { memoryCounters, type ClusterCounters } from './cluster-counters.ts';
import { MIN_WATCH_SECONDS } from '../modules/analytics/views.ts';
import { MAX_PUSH_INTERVAL_MS, PresenceTracker, PUSH_INTERVAL_MS, pushIntervalFor, type EndedView } from './presence.ts';

describe('presence tracker', () => {
  it('counts a person once across tabs and ends the view with its watch time when the last tab leaves', async () => {
    let now = 1_000_000;
    const ended: EndedView[] = [];
    const pushes: number[] = [];
    const tracker = new PresenceTracker({
      counters: memoryCounters(),
      recordPeak: async (_id, viewers) => ({ creatorId: 7, peakViewers: viewers }),
      push: (update) => pushes.push(update.viewerCount),
      onViewsEnded: async (views) => void ended.push(...views),
      now: () => now,
    });
    const viewer = { viewerKey: 'u:1', userId: 1, device: 'mobile' as const, country: 'GH' };
    await tracker.join(5, viewer);
    await tracker.join(5, viewer);
    await tracker.join(5, { viewerKey: 's:abc', userId: null, device: 'tv', country: 'ZZ' });
    expect((await tracker.viewerCounts([5])).get(5)).toBe(2);
    now += 90_000;
    await tracker.leave(5, 'u:1');
    expect(ended).toHaveLength(0);
    await tracker.leave(5, 'u:1');
    expect(ended).toEqual([{ viewerKey: 'u:1', userId: 1, device: 'mobile', country: 'GH', contentId: 5, startedAt: 1_000_000, watchSeconds: 90 }]);
    await tracker.flushPushes();
    expect(pushes.at(-1)).toBe(1);
    await tracker.close();
  });

  it('ends every view at close in one batch, with one count per item withdrawn', async () => {
    let now = 1_000_000;
    const batches: EndedView[][] = [];
    const counters = memoryCounters();
    const tracker = new PresenceTracker({
      counters,
      recordPeak: async (_id, viewers) => ({ creatorId: null, peakViewers: viewers }),
      push: () => undefined,
      onViewsEnded: async (views) => void batches.push(views),
      now: () => now,
    });
    const viewer = (key: string) => ({ viewerKey: key, userId: null, device: 'web' as const, country: 'ZZ' });
    for (const key of ['s:a', 's:b', 's:c']) await tracker.join(5, viewer(key));
    await tracker.join(6, viewer('s:a'));
    await tracker.join(6, viewer('s:a')); // a second tab: still one view
    now += 30_000;
    const set = vi.spyOn(counters, 'set');
    await tracker.close();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((v) => [v.contentId, v.viewerKey, v.watchSeconds]).sort()).toEqual([
      [5, 's:a', 30],
      [5, 's:b', 30],
      [5, 's:c', 30],
      [6, 's:a', 30],
    ]);
    expect(set.mock.calls.map(([key, count]) => [key, count]).sort()).toEqual([
      ['content:5', 0],
      ['content:6', 0],
    ]);
    expect([...(await counters.sum(['content:5', 'content:6'])).values()].every((n) => n === 0)).toBe(true);
  });

  it('coalesces the pushes to lists of live items: several joins, one update with the latest count', async () => {
    const listed: { contentId: number; viewerCount: number }[] = [];
    const tracker = new PresenceTracker({
      counters: memoryCounters(),
      recordPeak: async (_id, viewers) => ({ creatorId: null, peakViewers: viewers }),
      push: () => undefined,
      pushToLists: (update) => listed.push(update),
      onViewsEnded: async () => undefined,
    });
    for (const key of ['u:1', 'u:2', 'u:3']) await tracker.join(9, { viewerKey: key, userId: null, device: 'web', country: 'ZZ' });
    await tracker.join(4, { viewerKey: 'u:1', userId: 1, device: 'web', country: 'ZZ' });
    expect(listed).toEqual([]);
    await tracker.flushPushes();
    expect(listed.sort((a, b) => a.contentId - b.contentId)).toMatchObject([
      { contentId: 4, viewerCount: 1 },
      { contentId: 9, viewerCount: 3 },
    ]);
    await tracker.close();
  });
});

describe('viewer counts asked together', () => {
  it('shares one read among asks with the same ids until this node\'s next change, and answers each change', async () => {
    // Counters whose read takes a turn and answers what was there when it was asked, as a Redis read does.
    const values = new Map<string, number>();
    let reads = 0;
    const counters: ClusterCounters = {
      async set(key, value) {
        values.set(key, value);
      },
      sum(keys) {
        reads += 1;
        const answer = new Map(keys.map((key) => [key, values.get(key) ?? 0]));
        return new Promise((resolve) => setImmediate(() => resolve(answer)));
      },
      async close() {},
    };
    const tracker = new PresenceTracker({
      counters,
      recordPeak: async (_id, viewers) => ({ creatorId: null, peakViewers: viewers }),
      push: () => undefined,
      onViewsEnded: async () => undefined,
    });
    const ids = [3];
    const before = tracker.viewerCounts(ids);
    expect(tracker.viewerCounts(ids)).toBe(before);
    expect(tracker.viewerCounts([3])).not.toBe(before); // another array: its own read
    expect(reads).toBe(2);
    const joined = tracker.join(3, { viewerKey: 'u:1', userId: 1, device: 'web', country: 'ZZ' });
    const after = tracker.viewerCounts(ids);
    expect(after).not.toBe(before);
    await joined;
    expect((await before).get(3)).toBe(0);
    expect((await after).get(3)).toBe(1);
    // Nothing is kept once answered.
    expect(tracker.viewerCounts(ids)).not.toBe(after);
    await tracker.close();
  });
});

describe('push interval by room size', () => {
  it('keeps small rooms at PUSH_INTERVAL_MS and spaces big rooms’ pushes, up to the active-streams polling period', () => {
    expect([0, 1, 1000, 1001, 3000, 12_000, 19_999, 20_000, 1_000_000].map(pushIntervalFor)).toEqual([
      PUSH_INTERVAL_MS, PUSH_INTERVAL_MS, PUSH_INTERVAL_MS, 500, 750, 3000, MAX_PUSH_INTERVAL_MS, MAX_PUSH_INTERVAL_MS, MAX_PUSH_INTERVAL_MS,
    ]);
  });

  it('pushes a room of 3,000 viewers its count once per 750 ms however many join, and a room of 2 every 250 ms', async () => {
    // Only the coalescer's timers are faked: the counters answer on setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pushes: { contentId: number; viewerCount: number }[] = [];
      const tracker = new PresenceTracker({
        counters: memoryCounters(),
        recordPeak: async (_id, viewers) => ({ creatorId: null, peakViewers: viewers }),
        push: (update) => pushes.push(update),
        onViewsEnded: async () => undefined,
      });
      const viewer = (key: string) => ({ viewerKey: key, userId: null, device: 'web' as const, country: 'ZZ' });
      await Promise.all(Array.from({ length: 3000 }, (_, i) => tracker.join(1, viewer(`s:${i}`))));
      await tracker.join(2, viewer('s:a'));
      await tracker.join(2, viewer('s:b'));
      await vi.advanceTimersByTimeAsync(PUSH_INTERVAL_MS);
      expect(pushes).toEqual([expect.objectContaining({ contentId: 2, viewerCount: 2 })]);
      await tracker.join(1, viewer('s:late'));
      await vi.advanceTimersByTimeAsync(740 - PUSH_INTERVAL_MS);
      expect(pushes.filter((p) => p.contentId === 1)).toEqual([]);
      await vi.advanceTimersByTimeAsync(20);
      expect(pushes.filter((p) => p.contentId === 1)).toEqual([expect.objectContaining({ contentId: 1, viewerCount: 3001 })]);
      await tracker.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('live viewer counts over sockets', () => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let listener: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    url = await listen(t);
    [viewer, listener] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('counts watchers of a live item, pushes the count to its creator and keeps the peak', async () => {
    const [live] = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json();
    // Seeded live items belong to creators who cannot sign in; hand this one to the demo creator.
    const demoCreator = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    await t.database.db.kysely.updateTable('content').set({ creatorId: demoCreator.id }).where('id', '=', live.id).execute();
    const creatorSocket = await connectSocket(url, await signIn(t.app, 'creator', 'creator123'));

    const pushed = nextEvent(creatorSocket, 'presence:update', (u) => u.contentId === live.id && u.viewerCount === 2);
    const a = await connectSocket(url, viewer);
    const b = await connectSocket(url, listener);
    const anonymous = await connectSocket(url);
    expect(await emitWithAck(a, 'content:watch', { contentId: live.id, device: 'web' })).toMatchObject({ ok: true });
    await emitWithAck(b, 'content:watch', { contentId: live.id, device: 'mobile' });
    expect(await pushed).toMatchObject({ viewerCount: 2, peakViewers: 2 });
    await emitWithAck(anonymous, 'content:watch', { contentId: live.id, device: 'tv' });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json();
    expect(listed.find((c: { id: number }) => c.id === live.id).viewerCount).toBe(3);

    const dropped = nextEvent(creatorSocket, 'presence:update', (u) => u.contentId === live.id && u.viewerCount === 2);
    b.disconnect();
    expect(await dropped).toMatchObject({ viewerCount: 2, peakViewers: 3 });
    expect(await emitWithAck(a, 'content:watch', { contentId: 987654 })).toMatchObject({ ok: false, status: 404 });
    expect(await emitWithAck(a, 'content:watch', { contentId: -1 } as never)).toMatchObject({ ok: false, status: 400 });
  });

  it('ends the view of a socket whose watch was sent twice at once (a client retry) when it leaves', async () => {
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/content?live=false' })).json();
    const socket = await connectSocket(url, listener);
    // Neither ack is awaited before the other is sent: both reach the server while the first joins.
    const acks = await Promise.all([emitWithAck(socket, 'content:watch', { contentId: item.id }), emitWithAck(socket, 'content:watch', { contentId: item.id })]);
    for (const ack of acks) expect(ack).toMatchObject({ ok: true });
    expect(t.app.presence.localCount(item.id)).toBe(1);
    socket.disconnect();
    // Joined twice, the one leave would leave the view open for good: never ended, never recorded.
    await expect.poll(() => t.app.presence.localCount(item.id), { timeout: 5000 }).toBe(0);
  });

  it('pushes viewer counts to sockets that follow the list of live items (Home), signed in or not', async () => {
    const [live] = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json();
    const home = await connectSocket(url, listener);
    const landing = await connectSocket(url);
    const elsewhere = await connectSocket(url, viewer);
    const strays: unknown[] = [];
    elsewhere.on('presence:update', (u) => strays.push(u));
    home.emit('streams:follow');
    landing.emit('streams:follow');
    // The follow is a plain event; an acknowledged round trip after it proves the server handled it.
    await emitWithAck(home, 'content:watch', { contentId: 987654 });
    await emitWithAck(landing, 'content:watch', { contentId: 987654 });

    const watcher = await connectSocket(url, await signIn(t.app, 'creator', 'creator123'));
    const seenAtHome = nextEvent(home, 'presence:update', (u) => u.contentId === live.id && u.viewerCount === 1, 8000);
    const seenOnLanding = nextEvent(landing, 'presence:update', (u) => u.contentId === live.id && u.viewerCount === 1, 8000);
    await emitWithAck(watcher, 'content:watch', { contentId: live.id });
    expect(await seenAtHome).toMatchObject({ contentId: live.id, viewerCount: 1 });
    await seenOnLanding;
    expect(strays).toEqual([]);

    home.emit('streams:unfollow');
    await emitWithAck(home, 'content:watch', { contentId: 987654 });
    const homeAfter: unknown[] = [];
    home.on('presence:update', (u) => homeAfter.push(u));
    const leftOnLanding = nextEvent(landing, 'presence:update', (u) => u.contentId === live.id && u.viewerCount === 0, 8000);
    watcher.disconnect();
    await leftOnLanding;
    expect(homeAfter).toEqual([]);
  });
});

describe('system health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
  });
  afterAll(() => t.close());

  it('measures every field for admins and refuses everyone else', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    const viewer = await signIn(t.app, 'viewer', 'viewer123');
    await t.app.inject({ method: 'GET', url: '/api/content' });
    const health = (await t.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: admin } })).json();
    expect(health).toMatchObject({ activeConnections: 0, errors: { last24h: 0, resolved: 0, pending: 0 } });
    expect(health.serverLoad).toBeGreaterThanOrEqual(0);
    expect(health.serverLoad).toBeLessThanOrEqual(100);
    expect(health.databasePerformance).toBeGreaterThan(50);
    expect(health.uptime).toBeGreaterThanOrEqual(0);
    const fresh = await t.app.health.sampleNow();
    expect(fresh.apiResponseTime).toBeGreaterThan(0);
    expect(fresh.bandwidth).toBeGreaterThan(0);
    expect(fresh.cdnEfficiency).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: { cookie: viewer } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system-health' })).statusCode).toBe(401);
  });

  it('pushes samples to admins over the socket', async () => {
    const url = await listen(t);
    const admin = await connectSocket(url, await signIn(t.app, 'admin', 'admin123'));
    const sample = await nextEvent(admin, 'system:health', () => true, 7000);
    expect(sample.activeConnections).toBeGreaterThanOrEqual(1);
    closeAllSockets();
  });
});

describe('a node that stops', () => {
  it('records the view of every socket still watching, with the counters, before it closes them (an unwritable view costs no other)', async () => {
    const t = await createTestApp('sqlite', { seed: TINY_SEED });
    try {
      const url = await listen(t);
      const db = t.database.db.kysely;
      const item = await db.selectFrom('content').select('id').where('status', '=', 'live').executeTakeFirstOrThrow();
      const viewers = await Promise.all(Array.from({ length: 25 }, () => connectSocket(url)));
      for (const socket of viewers) expect(await emitWithAck(socket, 'content:watch', { contentId: item.id })).toMatchObject({ ok: true });
      // Viewers of an item deleted while they watch: their views cannot be written, and must not cost the others theirs.
      const doomed = await db.selectFrom('content').select('id').where('id', '!=', item.id).orderBy('id').executeTakeFirstOrThrow();
      for (const socket of await Promise.all(Array.from({ length: 3 }, () => connectSocket(url)))) {
        expect(await emitWithAck(socket, 'content:watch', { contentId: doomed.id })).toMatchObject({ ok: true });
      }
      const views = async () => {
        const events = await db.selectFrom('viewEvents').select((eb) => eb.fn.countAll<number>().as('n')).where('contentId', '=', item.id).where('watchSeconds', '>=', MIN_WATCH_SECONDS).executeTakeFirstOrThrow();
        const counted = await db.selectFrom('contentViewCounts').select('views').where('contentId', '=', item.id).executeTakeFirst();
        return { events: Number(events.n), counted: Number(counted?.views ?? 0) };
      };
      const before = await views();
      // A view shorter than MIN_WATCH_SECONDS is zapping, not recorded.
      await new Promise((r) => setTimeout(r, MIN_WATCH_SECONDS * 1000 + 500));
      await db.deleteFrom('content').where('id', '=', doomed.id).execute();
      await t.app.close();
      const after = await views();
      expect(after.events - before.events).toBe(25);
      expect(after.counted - before.counted).toBe(25);
    } finally {
      closeAllSockets();
      await t.database.destroy();
    }
  }, 30_000);
});
