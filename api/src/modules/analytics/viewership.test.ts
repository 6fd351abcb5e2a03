import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, ViewershipDailyResponseSchema, type ViewershipRecord, ViewershipRecordSchema, ViewershipTotalsSchema } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('viewership analytics on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let admin: string;
  let creatorId: number;
  let viewerId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [creator, viewer, admin] = await Promise.all([
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
    const users = await t.database.db.kysely.selectFrom('users').select(['id', 'username']).where('username', 'in', ['creator', 'viewer']).execute();
    creatorId = users.find((u) => u.username === 'creator')!.id;
    viewerId = users.find((u) => u.username === 'viewer')!.id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db.kysely;
  const records = async (cookie: string, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/analytics/viewership${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return ViewershipRecordSchema.array().parse(response.json());
  };
  const totals = async (cookie: string, query = '') =>
    ViewershipTotalsSchema.parse((await t.app.inject({ method: 'GET', url: `/api/analytics/viewership/totals${query}`, headers: { cookie } })).json());

  /** The figures of one item recomputed in plain code from its raw events. */
  async function expected(contentId: number, userId?: number) {
    let query = db().selectFrom('viewEvents').selectAll().where('contentId', '=', contentId);
    if (userId) query = query.where('userId', '=', userId);
    const events = await query.execute();
    const item = await db().selectFrom('content').select(['durationSeconds', 'peakViewers']).where('id', '=', contentId).executeTakeFirstOrThrow();
    const tally = (key: 'device' | 'country') => events.reduce<Record<string, number>>((acc, e) => ({ ...acc, [e[key]]: (acc[e[key]] ?? 0) + 1 }), {});
    const completion = events.map((e) => Math.min(1, e.watchSeconds / item.durationSeconds));
    return {
      viewerCount: new Set(events.map((e) => e.viewerKey)).size,
      peakViewers: item.peakViewers,
      engagement: completion.reduce((a, b) => a + b, 0) / completion.length,
      averageWatchTime: events.reduce((a, e) => a + e.watchSeconds, 0) / events.length,
      deviceBreakdown: tally('device'),
      locationBreakdown: tally('country'),
    };
  }

  function expectMatches(record: ViewershipRecord, want: Awaited<ReturnType<typeof expected>>) {
    expect(record.viewerCount).toBe(want.viewerCount);
    expect(record.peakViewers).toBe(want.peakViewers);
    expect(record.engagement).toBeCloseTo(want.engagement, 3);
    expect(record.averageWatchTime).toBeCloseTo(want.averageWatchTime, 0);
    expect(record.deviceBreakdown).toEqual(want.deviceBreakdown);
    expect(record.locationBreakdown).toEqual(want.locationBreakdown);
  }

  it('needs a session and valid filters', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/viewership' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/viewership/totals' })).statusCode).toBe(401);
    for (const [query, field] of [['?days=0', /^days/], ['?days=abc', /^days/], ['?contentId=-3', /^contentId/], ['?limit=501', /^limit/]] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/analytics/viewership${query}`, headers: { cookie: creator } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(field);
    }
  });

  it('gives a creator records of their own content, most viewed first, equal to what the events say', async () => {
    const mine = await records(creator, '?limit=500');
    const owned = await db().selectFrom('content').select('id').where('creatorId', '=', creatorId).execute();
    expect(new Set(mine.map((r) => r.contentId))).toEqual(new Set(owned.map((c) => c.id)));
    const views = mine.map((r) => Object.values(r.deviceBreakdown).reduce((a, b) => a + b, 0));
    expect([...views].sort((a, b) => b - a)).toEqual(views);
    expectMatches(mine[0]!, await expected(mine[0]!.contentId));
    expectMatches(mine[3]!, await expected(mine[3]!.contentId));
    const single = await records(creator, `?contentId=${mine[3]!.contentId}`);
    expect(single).toEqual([mine[3]]);
  });

  it('gives an admin every item and a viewer only their own watch history', async () => {
    const all = await records(admin, '?limit=500');
    const content = await db().selectFrom('content').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(all).toHaveLength(Number(content.n));

    const history = await records(viewer, '?limit=500');
    const watched = await db().selectFrom('viewEvents').select('contentId').distinct().where('userId', '=', viewerId).execute();
    expect(new Set(history.map((r) => r.contentId))).toEqual(new Set(watched.map((w) => w.contentId)));
    expect(history.every((r) => r.viewerCount === 1)).toBe(true);
    expectMatches(history[0]!, await expected(history[0]!.contentId, viewerId));
  });

  it('totals count every event in scope once and distinct viewers across items', async () => {
    const sum = await totals(creator);
    const row = await db()
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select((eb) => [eb.fn.countAll<number>().as('views'), eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers')])
      .where('content.creatorId', '=', creatorId)
      .executeTakeFirstOrThrow();
    expect(sum.views).toBe(Number(row.views));
    expect(sum.viewerCount).toBe(Number(row.viewers));
    expect(Object.values(sum.deviceBreakdown).reduce((a, b) => a + b, 0)).toBe(sum.views);
    expect(Object.values(sum.locationBreakdown).reduce((a, b) => a + b, 0)).toBe(sum.views);
    expect(sum.engagement).toBeGreaterThan(0);
    expect(sum.engagement).toBeLessThanOrEqual(1);
  });

  it('narrows to the last N days', async () => {
    const [top] = await records(creator);
    const cutoff = Date.now() - 7 * DAY_MS;
    const recent = await db().selectFrom('viewEvents').select(['viewerKey']).where('contentId', '=', top!.contentId).where('createdAt', '>=', cutoff).execute();
    const [week] = await records(creator, `?contentId=${top!.contentId}&days=7`);
    expect(week!.viewerCount).toBe(new Set(recent.map((r) => r.viewerKey)).size);
    expect(Object.values(week!.deviceBreakdown).reduce((a, b) => a + b, 0)).toBe(recent.length);
  });

  it('gives a day-by-day series that agrees with the raw events, zero-filled to today', async () => {
    const daily = async (cookie: string, query = '') => {
      const response = await t.app.inject({ method: 'GET', url: `/api/analytics/viewership/daily${query}`, headers: { cookie } });
      expect(response.statusCode).toBe(200);
      return ViewershipDailyResponseSchema.parse(response.json());
    };
    const events = await db()
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select(['viewEvents.viewerKey', 'viewEvents.watchSeconds', 'viewEvents.createdAt'])
      .where('content.creatorId', '=', creatorId)
      .execute();
    const want = new Map<string, { views: number; viewers: Set<string>; watchSeconds: number }>();
    for (const e of events) {
      const date = new Date(Number(e.createdAt)).toISOString().slice(0, 10);
      const day = want.get(date) ?? { views: 0, viewers: new Set(), watchSeconds: 0 };
      day.views += 1;
      day.viewers.add(e.viewerKey);
      day.watchSeconds += e.watchSeconds;
      want.set(date, day);
    }
    const series = await daily(creator);
    const today = new Date().toISOString().slice(0, 10);
    expect(series[0]!.date).toBe([...want.keys()].sort()[0]);
    expect(series.at(-1)!.date).toBe(today);
    // Consecutive days, none missing.
    for (let i = 1; i < series.length; i++) {
      expect(Date.parse(series[i]!.date) - Date.parse(series[i - 1]!.date)).toBe(DAY_MS);
    }
    for (const day of series) {
      const w = want.get(day.date);
      expect(day).toEqual({ date: day.date, views: w?.views ?? 0, viewers: w?.viewers.size ?? 0, watchSeconds: w?.watchSeconds ?? 0 });
    }
    expect(series.reduce((n, d) => n + d.views, 0)).toBe(events.length);

    const week = await daily(creator, '?days=7');
    expect(week).toHaveLength(8); // the partial day 7 days ago, through today
    expect(week.at(-1)!.date).toBe(today);
    // A viewer's series is their own history only.
    const own = await db().selectFrom('viewEvents').select('id').where('userId', '=', viewerId).execute();
    expect((await daily(viewer)).reduce((n, d) => n + d.views, 0)).toBe(own.length);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/viewership/daily?days=0', headers: { cookie: creator } })).body).toMatch(/^days/);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/viewership/daily' })).statusCode).toBe(401);
  });

  it('records a view from a player, signed in or not, clipped to the item length', async () => {
    const item = await db().selectFrom('content').select(['id', 'durationSeconds']).where('status', '!=', 'live').where('durationSeconds', '>', 600).executeTakeFirstOrThrow();
    const record = (payload: Record<string, unknown>, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/analytics/record', headers: cookie ? { cookie } : {}, payload });

    const signedIn = await record({ contentId: item.id, device: 'mobile', watchSeconds: 300 }, viewer);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toEqual({ recorded: true, watchSeconds: 300 });
    const mine = await db().selectFrom('viewEvents').selectAll().where('contentId', '=', item.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mine).toMatchObject({ userId: viewerId, viewerKey: `u:${viewerId}`, device: 'mobile', country: 'US', watchSeconds: 300 });

    const anonymous = await record({ contentId: item.id, device: 'tv', watchSeconds: 86_400, country: 'gh', deviceKey: 'tv-box-12345' });
    expect(anonymous.json()).toEqual({ recorded: true, watchSeconds: item.durationSeconds });
    const theirs = await db().selectFrom('viewEvents').selectAll().where('contentId', '=', item.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(theirs).toMatchObject({ userId: null, viewerKey: 'd:tv-box-12345', device: 'tv', country: 'GH' });

    expect((await record({ contentId: item.id, device: 'web', watchSeconds: 2 })).json()).toEqual({ recorded: false, watchSeconds: 0 });
  });

  it("claims no more watch time than has passed since the viewer's previous report, however many are sent", async () => {
    const item = await db().selectFrom('content').select(['id', 'durationSeconds']).where('status', '!=', 'live').where('durationSeconds', '>', 600).executeTakeFirstOrThrow();
    const viewsOf = async (viewerKey: string) => (await db().selectFrom('viewEvents').select('watchSeconds').where('viewerKey', '=', viewerKey).execute()).length;
    const points = async () =>
      Number((await db().selectFrom('pointsLedger').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('n')).where('userId', '=', viewerId).executeTakeFirstOrThrow()).n);
    const report = (payload: Record<string, unknown>, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/analytics/record', headers: cookie ? { cookie } : {}, payload });

    // The viewer reported 300 s a moment ago (the test before): a full-length claim now is time that never passed.
    const [viewsBefore, pointsBefore] = [await viewsOf(`u:${viewerId}`), await points()];
    const again = await report({ contentId: item.id, device: 'web', watchSeconds: item.durationSeconds }, viewer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ recorded: false, watchSeconds: 0 });
    expect(await viewsOf(`u:${viewerId}`)).toBe(viewsBefore);
    expect(await points()).toBe(pointsBefore);

    // Thirty reports at once (the most a minute allows) from another account: one claims the item, the rest nothing.
    const adminId = (await db().selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const adminViews = await viewsOf(`u:${adminId}`);
    const answers = await Promise.all(Array.from({ length: 30 }, () => report({ contentId: item.id, device: 'web', watchSeconds: item.durationSeconds }, admin)));
    expect(answers.map((a) => a.json().watchSeconds as number).sort((a, b) => b - a)).toEqual([item.durationSeconds, ...Array<number>(29).fill(0)]);
    expect(await viewsOf(`u:${adminId}`)).toBe(adminViews + 1);
  });

  it('rejects bad view reports with a 400 naming the field and writes nothing', async () => {
    const count = async () => Number((await db().selectFrom('viewEvents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ device: 'web', watchSeconds: 60 }, /^contentId/],
      [{ contentId: 1, device: 'fridge', watchSeconds: 60 }, /^device/],
      [{ contentId: 1, device: 'web' }, /^watchSeconds/],
      [{ contentId: 1, device: 'web', watchSeconds: -1 }, /^watchSeconds/],
      [{ contentId: 1, device: 'web', watchSeconds: 60, country: 'Ghana' }, /^country/],
      [{ contentId: 1, device: 'web', watchSeconds: 60, deviceKey: 'x' }, /^deviceKey/],
    ];
    for (const [payload, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/analytics/record', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    const missing = await t.app.inject({ method: 'POST', url: '/api/analytics/record', payload: { contentId: 999_999, device: 'web', watchSeconds: 60 } });
    expect(missing.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});
