import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { backfillViewCounters } from '../../db/migrations/0018_view_counters.ts';
import { ROWS_PER_STATEMENT } from '../../db/batches.ts';
import { totalPoints } from '../rewards/ledger.ts';
import { dayNumber } from '../rewards/activity.ts';
import { DAY_MS } from '@onair/protocol';
import { MIN_WATCH_SECONDS, recordView, recordViews, UNKNOWN_COUNTRY } from './views.ts';

const dialects = await testDialects();

/** What the counters must say, computed the slow way from view_events. */
async function rawCounts(t: TestApp) {
  const db = t.database.db.kysely;
  const perItem = await db
    .selectFrom('viewEvents')
    .select(['contentId', (eb) => eb.fn.countAll<number>().as('views'), (eb) => eb.fn.count<number>('viewerKey').distinct().as('viewers')])
    .groupBy('contentId')
    .orderBy('contentId')
    .execute();
  const countries = await db.selectFrom('viewEvents').select('country').distinct().orderBy('country').execute();
  return {
    perItem: perItem.map((r) => ({ contentId: r.contentId, views: Number(r.views), viewers: Number(r.viewers) })),
    countries: countries.map((r) => r.country),
  };
}

async function counters(t: TestApp) {
  const db = t.database.db.kysely;
  const perItem = await db.selectFrom('contentViewCounts').select(['contentId', 'views', 'viewers']).orderBy('contentId').execute();
  const countries = await db.selectFrom('reachCountries').select('country').orderBy('country').execute();
  return {
    perItem: perItem.map((r) => ({ contentId: r.contentId, views: Number(r.views), viewers: Number(r.viewers) })),
    countries: countries.map((r) => r.country),
  };
}

describe.each(dialects)('view counters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('match the seeded history', async () => {
    expect(await counters(t)).toEqual(await rawCounts(t));
  });

  it('equal the raw event counts after a burst of concurrent views', async () => {
    const db = t.database.db.kysely;
    const past = await db.selectFrom('content').select('id').where('status', '!=', 'live').orderBy('id').limit(4).execute();
    // A content item nobody has watched yet, so the burst also creates counter rows.
    const fresh = await db
      .insertInto('content')
      .values({ creatorId: null, title: 'Burst', description: null, type: 'tv', category: null, status: 'published', durationSeconds: 600, language: 'en', createdAt: Date.now(), liveSince: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = [...past.map((r) => r.id), fresh.id];
    // Countries the seed never uses, so "countries reached" must grow; ZZ (unknown) must not count.
    const countries = ['AQ', 'GL', 'US', UNKNOWN_COUNTRY, 'FO'];
    const before = (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();
    const now = Date.now();
    // 300 views over 5 items by 40 viewers: many repeats of the same (item, viewer) pair, in parallel.
    await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        recordView(t.app, {
          contentId: ids[i % ids.length]!,
          userId: null,
          viewerKey: `d:burst-${(i * 7) % 40}`,
          device: 'web',
          country: countries[i % countries.length]!,
          watchSeconds: 30,
          createdAt: now - 30_000,
        }),
      ),
    );

    const raw = await rawCounts(t);
    expect(await counters(t)).toEqual(raw);
    expect(raw.perItem.find((r) => r.contentId === fresh.id)).toEqual({ contentId: fresh.id, views: 60, viewers: 8 });

    // The endpoints show the counters.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/content?live=false' })).json() as { id: number; viewerCount: number }[];
    for (const id of ids) {
      expect(listed.find((c) => c.id === id)?.viewerCount).toBe(raw.perItem.find((r) => r.contentId === id)?.viewers);
    }
    const one = (await t.app.inject({ method: 'GET', url: `/api/content/${fresh.id}` })).json() as { viewerCount: number };
    expect(one.viewerCount).toBe(8);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();
    expect(stats.countriesReached).toBe(raw.countries.filter((c) => c !== UNKNOWN_COUNTRY).length);
    expect(stats.countriesReached).toBe(before.countriesReached + 3);
  });

  it('count a batch of views (a node stopping) as they count one at a time, and pay each signed-in view once', async () => {
    const db = t.database.db.kysely;
    const [item] = await db.selectFrom('content').select('id').orderBy('id').limit(1).execute();
    const [viewer] = await db.selectFrom('users').select('id').where('passwordHash', '=', '').orderBy('id').limit(1).execute();
    const at = Date.now() - 600_000;
    const view = (viewerKey: string, userId: number | null, watchSeconds: number) => ({ contentId: item!.id, userId, viewerKey, device: 'web' as const, country: 'GH', watchSeconds, createdAt: at });
    // More views than one statement inserts (ROWS_PER_STATEMENT), and two alike in every column.
    const batch = [
      ...Array.from({ length: ROWS_PER_STATEMENT }, (_, i) => view(`d:batch-${i}`, null, 60)),
      view(`u:${viewer!.id}`, viewer!.id, 180),
      view('d:batch-zapper', null, MIN_WATCH_SECONDS - 1),
      view(`u:${viewer!.id}`, viewer!.id, 125),
      view(`u:${viewer!.id}`, viewer!.id, 125),
    ];
    const [first, second, twin] = [ROWS_PER_STATEMENT, ROWS_PER_STATEMENT + 2, ROWS_PER_STATEMENT + 3];
    const before = await db.selectFrom('viewEvents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const pointsBefore = await totalPoints(db, viewer!.id);
    const ids = await recordViews(t.app, batch);

    expect(ids.map((id) => id === null)).toEqual(batch.map((v) => v.watchSeconds < MIN_WATCH_SECONDS));
    const after = await db.selectFrom('viewEvents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(batch.length - 1);
    expect(new Set(ids.filter((id) => id !== null)).size).toBe(batch.length - 1);
    // Each id is its own view's event.
    const stored = await db.selectFrom('viewEvents').select(['id', 'viewerKey', 'watchSeconds']).where('id', 'in', ids.filter((id): id is number => id !== null)).execute();
    for (const [i, id] of ids.entries()) {
      if (id !== null) expect(stored.find((row) => row.id === id)).toMatchObject({ viewerKey: batch[i]!.viewerKey, watchSeconds: batch[i]!.watchSeconds });
    }
    expect(await counters(t)).toEqual(await rawCounts(t));
    // Watch points: a point a full minute, once per view, referenced by the view's event.
    const refs = [first, second, twin].map((i) => String(ids[i]));
    const paid = await db.selectFrom('pointsLedger').select(['points', 'ref']).where('userId', '=', viewer!.id).where('action', '=', 'watch').where('ref', 'in', refs).orderBy('points').orderBy('ref').execute();
    expect(paid).toEqual([
      ...[String(ids[second]), String(ids[twin])].sort().map((ref) => ({ points: 2, ref })),
      { points: 3, ref: String(ids[first]) },
    ]);
    // The points total kept beside the ledger moved with the batch (a daily challenge it completed included).
    const ledger = await db.selectFrom('pointsLedger').select((eb) => eb.fn.sum<number>('points').as('sum')).where('userId', '=', viewer!.id).executeTakeFirstOrThrow();
    expect(await totalPoints(db, viewer!.id)).toBe(Number(ledger.sum));
    expect(Number(ledger.sum)).toBeGreaterThanOrEqual(pointsBefore + 7);
  });

  it('count a view begun yesterday on yesterday\'s day totals, and its points on today\'s', async () => {
    const db = t.database.db.kysely;
    const [item] = await db.selectFrom('content').select('id').orderBy('id').limit(1).execute();
    const [viewer] = await db.selectFrom('users').select('id').where('passwordHash', '=', '').orderBy('id', 'desc').limit(1).execute();
    const day = (k: number) => db.selectFrom('userActivityDays').select(['watchSeconds', 'points']).where('userId', '=', viewer!.id).where('day', '=', dayNumber(Date.now()) + k).executeTakeFirst();
    const [yesterdayBefore, todayBefore, pointsBefore] = [await day(-1), await day(0), await totalPoints(db, viewer!.id)];
    const begun = Date.now() - DAY_MS;
    const [id] = await recordViews(t.app, [{ contentId: item!.id, userId: viewer!.id, viewerKey: `u:${viewer!.id}`, device: 'web', country: 'GH', watchSeconds: 200, createdAt: begun }]);
    const [yesterday, today] = [await day(-1), await day(0)];
    expect(Number(yesterday!.watchSeconds) - Number(yesterdayBefore?.watchSeconds ?? 0)).toBe(200);
    expect(Number(yesterday!.points)).toBe(Number(yesterdayBefore?.points ?? 0));
    expect(Number(today?.watchSeconds ?? 0)).toBe(Number(todayBefore?.watchSeconds ?? 0));
    // Three points for three full minutes (and a daily challenge, if that completed one), all today.
    const paid = await db.selectFrom('pointsLedger').select('points').where('userId', '=', viewer!.id).where('action', '=', 'watch').where('ref', '=', String(id)).executeTakeFirst();
    expect(paid?.points).toBe(3);
    expect(Number(today!.points) - Number(todayBefore?.points ?? 0)).toBe((await totalPoints(db, viewer!.id)) - pointsBefore);
  });

  it('are what a recount from view_events gives (the migration backfill)', async () => {
    const kept = await counters(t);
    await backfillViewCounters(t.database.db.kysely);
    expect(await counters(t)).toEqual(kept);
  });
});
