/**
 * The dashboard figures against direct counts: every figure is recomputed here from the raw rows,
 * with plain loops, and must match what the SQL GROUP BYs answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPeriodMs, regionOfCountry, USAGE_WINDOW_DAYS, type ViewDevice } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { contentMetrics } from './content-metrics.ts';
import { regionMetrics } from './region-metrics.ts';
import { usageAnalytics } from './usage-analytics.ts';

const dialects = await testDialects();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Event = { contentId: number; viewerKey: string; device: ViewDevice; country: string; watchSeconds: number; createdAt: number };

const countBy = <T>(rows: T[], key: (r: T) => string | number | null) => {
  const map = new Map<string | number | null, number>();
  for (const r of rows) map.set(key(r), (map.get(key(r)) ?? 0) + 1);
  return map;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** For each hour of day, the most distinct viewers in one epoch hour of that hour of day. */
function expectedPeaks(events: Event[]) {
  const buckets = new Map<number, Set<string>>();
  for (const e of events) {
    const b = Math.floor(e.createdAt / HOUR);
    buckets.set(b, (buckets.get(b) ?? new Set()).add(e.viewerKey));
  }
  const peaks = new Map<number, number>();
  for (const [b, viewers] of buckets) peaks.set(b % 24, Math.max(peaks.get(b % 24) ?? 0, viewers.size));
  return peaks;
}

describe.each(dialects)('admin dashboard figures on %s', (dialect) => {
  let t: TestApp;
  let events: Event[];
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db.kysely;
    // Comments: visible and hidden chat on a few items, inside and outside the week.
    const [first, second] = await db.selectFrom('content').select('id').orderBy('id').limit(2).execute();
    const viewer = await db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    const chat = (contentId: number | null, createdAt: number, hidden = 0, flagged = 0) => ({
      contentId,
      userId: viewer.id,
      message: 'hello',
      idempotencyKey: null,
      sentiment: 0.5,
      flagged,
      hidden,
      createdAt,
    });
    await db
      .insertInto('chatMessages')
      .values([
        chat(first!.id, now - HOUR),
        chat(first!.id, now - 2 * DAY),
        chat(first!.id, now - 3 * HOUR, 1),
        chat(second!.id, now - 10 * DAY),
        chat(null, now - HOUR),
      ])
      .execute();
    events = (await db.selectFrom('viewEvents').select(['contentId', 'viewerKey', 'device', 'country', 'watchSeconds', 'createdAt']).execute()).map(
      (e) => ({ ...e, createdAt: Number(e.createdAt) }),
    );
  });
  afterAll(() => t.close());

  it.each(['day', 'week', 'month', 'year'] as const)('content metrics over a %s match the raw events, likes, chat and ratings', async (period) => {
    const db = t.database.db.kysely;
    const from = now - adminPeriodMs(period);
    const inPeriod = events.filter((e) => e.createdAt >= from && e.createdAt <= now);
    const metrics = await contentMetrics(db, { period, limit: 10 }, now);

    const views = countBy(inPeriod, (e) => e.contentId);
    const expectedTop = [...views.entries()].sort((a, b) => b[1] - a[1] || Number(a[0]) - Number(b[0])).slice(0, 10);
    expect(metrics.items.map((i) => [i.id, i.views])).toEqual(expectedTop);

    const likes = await db.selectFrom('contentLikes').selectAll().execute();
    const ratings = await db.selectFrom('contentRatings').selectAll().execute();
    const chat = await db.selectFrom('chatMessages').selectAll().execute();
    for (const item of metrics.items) {
      expect(item.likes).toBe(likes.filter((l) => l.contentId === item.id && l.createdAt >= from && l.createdAt <= now).length);
      expect(item.comments).toBe(chat.filter((c) => c.contentId === item.id && !c.hidden && c.createdAt >= from && c.createdAt <= now).length);
      const mine = ratings.filter((r) => r.contentId === item.id);
      expect(item.ratings).toBe(mine.length);
      expect(item.avgRating).toBe(mine.length ? round1(mine.reduce((s, r) => s + r.rating, 0) / mine.length) : null);
    }

    expect(metrics.totals.views).toBe(inPeriod.length);
    expect(metrics.totals.viewers).toBe(new Set(inPeriod.map((e) => e.viewerKey)).size);
    expect(metrics.totals.watchHours).toBe(round1(inPeriod.reduce((s, e) => s + e.watchSeconds, 0) / 3600));
    expect(metrics.totals.comments).toBe(chat.filter((c) => c.contentId !== null && !c.hidden && c.createdAt >= from).length);

    const peaks = expectedPeaks(inPeriod);
    expect(metrics.peakHours).toHaveLength(peaks.size);
    for (const p of metrics.peakHours) expect(p.peakUsers).toBe(peaks.get(p.hour));
    expect(metrics.peakHours.map((p) => p.peakUsers)).toEqual([...metrics.peakHours.map((p) => p.peakUsers)].sort((a, b) => b - a));

    const devices = countBy(inPeriod, (e) => e.device);
    for (const d of metrics.devices) {
      expect(d.views).toBe(devices.get(d.device) ?? 0);
      expect(d.share).toBe(inPeriod.length ? round1(((devices.get(d.device) ?? 0) / inPeriod.length) * 100) : 0);
    }
  });

  it('category performance and the community panel match direct counts', async () => {
    const db = t.database.db.kysely;
    const metrics = await contentMetrics(db, { period: 'month', limit: 10 }, now);
    const content = await db.selectFrom('content').select(['id', 'category']).execute();
    const categoryOf = new Map(content.map((c) => [c.id, c.category]));
    const inPeriod = events.filter((e) => e.createdAt >= now - 30 * DAY);
    const byCategory = countBy(inPeriod, (e) => categoryOf.get(e.contentId) ?? null);
    expect(new Map(metrics.categories.map((c) => [c.category, c.views]))).toEqual(byCategory);
    const library = countBy(content, (c) => c.category);
    for (const c of metrics.categories) expect(c.items).toBe(library.get(c.category));

    const ratings = await db.selectFrom('contentRatings').selectAll().execute();
    expect(ratings.length).toBeGreaterThan(0);
    expect(metrics.community.ratings).toBe(ratings.length);
    expect(metrics.community.avgRating).toBe(round1(ratings.reduce((s, r) => s + r.rating, 0) / ratings.length));
    const best = metrics.community.topRated[0]!;
    const own = ratings.filter((r) => r.contentId === best.id);
    expect(best.ratings).toBe(own.length);
    expect(best.avgRating).toBe(round1(own.reduce((s, r) => s + r.rating, 0) / own.length));
    // Nobody with at least two ratings has a better average than the first of the list.
    const averages = countBy(ratings, (r) => r.contentId);
    for (const [id, n] of averages) {
      if (n < 2) continue;
      const avg = ratings.filter((r) => r.contentId === id).reduce((s, r) => s + r.rating, 0) / n;
      expect(round1(avg)).toBeLessThanOrEqual(best.avgRating);
    }
  });

  it.each(['day', 'week', 'month', 'quarter'] as const)('regional metrics over a %s match the raw events', async (period) => {
    const length = adminPeriodMs(period);
    const from = now - length;
    const metrics = await regionMetrics(t.database.db.kysely, period, now);
    expect(metrics.regions.map((r) => r.region).sort()).toEqual(['africa', 'asia-pacific', 'europe', 'latin-america', 'north-america']);
    for (const r of metrics.regions) {
      const mine = events.filter((e) => regionOfCountry(e.country) === r.region);
      const current = mine.filter((e) => e.createdAt >= from && e.createdAt <= now);
      const previous = mine.filter((e) => e.createdAt >= from - length && e.createdAt < from);
      expect(r.totalViews).toBe(current.length);
      expect(r.previousViews).toBe(previous.length);
      expect(r.activeUsers).toBe(new Set(current.map((e) => e.viewerKey)).size);
      expect(r.countries).toBe(new Set(current.map((e) => e.country)).size);
      expect(r.avgSessionDuration).toBe(current.length ? Math.round(current.reduce((s, e) => s + e.watchSeconds, 0) / current.length) : 0);
      expect(r.peakConcurrent).toBe(Math.max(0, ...expectedPeaks(current).values()));
      const before = new Set(previous.map((e) => e.viewerKey));
      const after = new Set(current.map((e) => e.viewerKey));
      const churned = [...before].filter((k) => !after.has(k)).length;
      expect(r.churnRate).toBe(before.size ? round1((churned / before.size) * 100) : null);
      expect(r.growth).toBe(previous.length ? round1(((current.length - previous.length) / previous.length) * 100) : null);
    }
    const sorted = metrics.regions.map((r) => r.totalViews);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });

  it('usage analytics: totals over 30 days, roles from the accounts', async () => {
    const db = t.database.db.kysely;
    const usage = await usageAnalytics(db, now);
    const recent = events.filter((e) => e.createdAt >= now - USAGE_WINDOW_DAYS * DAY);
    const users = await db.selectFrom('users').select('role').execute();
    expect(usage.totals.users).toBe(users.length);
    expect(usage.totals.activeUsers).toBe(new Set(recent.map((e) => e.viewerKey)).size);
    expect(usage.totals.contentViews).toBe(recent.length);
    expect(usage.totals.avgSessionSeconds).toBe(Math.round(recent.reduce((s, e) => s + e.watchSeconds, 0) / recent.length));
    expect(usage.totals.countries).toBe(new Set(recent.map((e) => e.country).filter((c) => c !== 'ZZ')).size);
    const roles = countBy(users, (u) => u.role);
    for (const r of usage.roles) {
      expect(r.count).toBe(roles.get(r.role) ?? 0);
      expect(r.share).toBe(round1(((roles.get(r.role) ?? 0) / users.length) * 100));
    }
    expect(usage.activity.length).toBeGreaterThan(0);
    const times = usage.activity.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("keeps the Content tab's publishes and go-lives when newer flags and admin actions fill the whole feed", async () => {
    const db = t.database.db.kysely;
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const later = Date.now() + HOUR;
    await db
      .insertInto('adminActions')
      .values(Array.from({ length: 20 }, (_, i) => ({ adminId: admin.id, action: 'user.verify', targetUserId: admin.id, targetId: null, detail: null, createdAt: later + i })))
      .execute();
    const usage = await usageAnalytics(db, now);
    expect(usage.activity.every((a) => a.kind === 'admin_action')).toBe(true);
    const newest = await db.selectFrom('content').select('title').orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(usage.contentActivity.length).toBeGreaterThan(0);
    expect(usage.contentActivity.every((a) => a.kind === 'content_published' || a.kind === 'stream_started')).toBe(true);
    expect(usage.contentActivity.some((a) => a.text.includes(newest.title))).toBe(true);
    await db.deleteFrom('adminActions').where('createdAt', '>=', later).execute();
  });

  it('answers over HTTP to an admin, with the period defaulting to a week', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    const content = await get('/api/admin/content-metrics');
    expect(content.statusCode).toBe(200);
    expect(content.json()).toMatchObject({ period: 'week' });
    expect(content.json().items.length).toBeLessThanOrEqual(10);
    expect((await get('/api/admin/region-metrics?period=quarter')).json()).toMatchObject({ period: 'quarter' });
    expect((await get('/api/admin/usage-analytics')).json().windowDays).toBe(USAGE_WINDOW_DAYS);
    expect((await get('/api/admin/content-metrics?period=quarter')).statusCode).toBe(400);
  });
});

describe('admin dashboard without data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false });
  });
  afterAll(() => t.close());

  it('answers empty lists and nulls rather than invented figures', async () => {
    const db = t.database.db.kysely;
    const content = await contentMetrics(db, { period: 'week', limit: 10 });
    expect(content.items).toEqual([]);
    expect(content.peakHours).toEqual([]);
    expect(content.community).toEqual({ ratings: 0, avgRating: null, topRated: [] });
    expect(content.devices.every((d) => d.views === 0 && d.share === 0)).toBe(true);
    const regions = await regionMetrics(db, 'week');
    expect(regions.regions.every((r) => r.totalViews === 0 && r.churnRate === null && r.growth === null)).toBe(true);
    const usage = await usageAnalytics(db);
    expect(usage.totals).toMatchObject({ users: 0, activeUsers: 0, contentViews: 0, avgSessionSeconds: null, countries: 0 });
  });
});
