/**
 * Regional curation changes what Home puts first for viewers of that region, and only for them; ratings
 * are stored one per person and feed the averages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { curationBoost, curationWeight } from './repository.ts';

const dialects = await testDialects();

type Item = { id: number; type: string; category: string | null; createdAt: string };

describe.each(dialects)('regional curation on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let listener: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, viewer, listener] = await Promise.all([
      signIn(t.app, 'admin', 'admin123'),
      // The demo viewer lives in the US (north-america), the demo listener in India (asia-pacific).
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
    ]);
  });
  afterAll(() => t.close());

  const home = (cookie?: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/content${query}`, headers: cookie ? { cookie } : {} }).then((r) => r.json() as Item[]);
  const apply = (body: object) => t.app.inject({ method: 'POST', url: '/api/admin/curation', headers: { cookie: admin }, payload: body });

  it('stores a curation, replaces its priority when applied again, and lists it', async () => {
    const first = await apply({ region: 'north-america', contentType: 'radio', priority: 'low' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ region: 'north-america', contentType: 'radio', priority: 'low', createdBy: 'admin' });
    const again = await apply({ region: 'north-america', contentType: 'radio', priority: 'high' });
    expect(again.json()).toMatchObject({ id: first.json().id, priority: 'high' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/curation', headers: { cookie: admin } })).json();
    expect(list).toHaveLength(1);
    expect((await apply({ region: 'mars', contentType: 'tv', priority: 'high' })).body).toMatch(/^region must be one of/);
  });

  it('puts curated items first for viewers of the region, high before medium, newest first within', async () => {
    await apply({ region: 'north-america', contentType: 'education', priority: 'medium' });
    const items = await home(viewer);
    const rules = await curationBoost(t.database.db.kysely, 'north-america');
    expect(rules.map((r) => r.weight)).toEqual([3, 2]);
    const weights = items.map((i) => curationWeight(rules, i));
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    expect(weights[0]).toBe(3);
    expect(items[0]!.type).toBe('radio');
    const educationFirst = items.findIndex((i) => i.category === 'education' && i.type !== 'radio');
    const plain = items.findIndex((i) => curationWeight(rules, i) === 0);
    if (educationFirst !== -1 && plain !== -1) expect(educationFirst).toBeLessThan(plain);
    for (let i = 1; i < items.length; i++) {
      if (weights[i] === weights[i - 1]) expect(Date.parse(items[i]!.createdAt)).toBeLessThanOrEqual(Date.parse(items[i - 1]!.createdAt));
    }
  });

  it('leaves other regions and signed-out visitors in the plain newest-first order', async () => {
    const plain = (items: Item[]) => items.every((item, i) => i === 0 || Date.parse(item.createdAt) <= Date.parse(items[i - 1]!.createdAt));
    expect(plain(await home(listener))).toBe(true);
    expect(plain(await home())).toBe(true);
    // A region asked for explicitly (a visitor choosing theirs) is honoured.
    expect((await home(undefined, '?region=north-america'))[0]!.type).toBe('radio');
    expect((await t.app.inject({ method: 'GET', url: '/api/content?region=mars' })).statusCode).toBe(400);
  });

  it('removing a curation restores the plain order', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/curation', headers: { cookie: admin } })).json();
    for (const c of list) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/curation/${c.id}`, headers: { cookie: admin } })).statusCode).toBe(204);
    }
    expect(await curationBoost(t.database.db.kysely, 'north-america')).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/curation/999999', headers: { cookie: admin } })).statusCode).toBe(404);
  });

  it('stores one rating per person, replaced when rating again, and answers the average', async () => {
    const [item] = await home();
    const rate = (cookie: string, rating: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/content/${item!.id}/rating`, headers: { cookie }, payload: { rating } });
    const before = await t.database.db.kysely.selectFrom('contentRatings').selectAll().where('contentId', '=', item!.id).execute();
    await rate(viewer, 2);
    const second = (await rate(viewer, 4)).json();
    const rows = await t.database.db.kysely.selectFrom('contentRatings').selectAll().where('contentId', '=', item!.id).execute();
    const viewerId = (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: viewer } })).json().id;
    expect(rows.filter((r) => r.userId === viewerId).map((r) => r.rating)).toEqual([4]);
    expect(rows.length).toBe(before.length + (before.some((r) => r.userId === viewerId) ? 0 : 1));
    expect(second).toMatchObject({ contentId: item!.id, rating: 4, ratings: rows.length });
    expect(second.avgRating).toBe(Math.round((rows.reduce((s, r) => s + r.rating, 0) / rows.length) * 10) / 10);
    expect((await rate(viewer, 6)).body).toBe('rating must be between 1 and 5');
    expect((await rate(viewer, 'five')).body).toBe('rating must be a number');
    expect((await t.app.inject({ method: 'POST', url: `/api/content/${item!.id}/rating`, payload: { rating: 3 } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/content/999999/rating', headers: { cookie: viewer }, payload: { rating: 3 } })).statusCode).toBe(404);
  });
});
