/**
 * The admin's library of every item: search by title or creator, filters by status, type and media
 * state, pages, and the state of each item's media, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminContentPageSchema, ContentSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('the admin content library on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let creator: string;
  const made: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    [admin, creator] = await Promise.all([signIn(t.app, 'admin', 'admin123'), signIn(t.app, 'creator', 'creator123')]);
    for (const [key, title, type] of [
      ['zebra', 'Zebra Crossing: 100% Live', 'tv'],
      ['upload', 'Morning Upload', 'radio'],
      ['broken', 'Broken Upload', 'tv'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie: creator }, payload: { title, type } });
      made[key] = ContentSchema.parse(response.json()).id;
    }
    const now = Date.now();
    await t.database.db.kysely
      .insertInto('mediaAssets')
      .values([
        { contentId: made.upload!, status: 'processing', updatedAt: now },
        { contentId: made.broken!, status: 'failed', error: 'The file has no video or audio OnAir can read', updatedAt: now },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const library = async (query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/content${query}`, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return AdminContentPageSchema.parse(response.json());
  };

  it('lists every item newest first, whatever its state, with the state of its media', async () => {
    const all = await t.database.db.kysely.selectFrom('content').select(['id', 'status']).execute();
    const page = await library('?pageSize=100');
    expect(page.total).toBe(all.length);
    expect(page.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(all.map((i) => i.id).sort((a, b) => a - b));
    const times = page.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const byId = new Map(page.items.map((i) => [i.id, i]));
    expect(byId.get(made.upload!)).toMatchObject({ media: 'processing', mediaError: null, playback: null });
    expect(byId.get(made.broken!)).toMatchObject({ media: 'failed', mediaError: 'The file has no video or audio OnAir can read' });
    expect(byId.get(made.zebra!)).toMatchObject({ media: null, creatorName: expect.any(String) });
  });

  it('searches titles and creator names case-insensitively, a percent sign as itself', async () => {
    expect((await library('?search=zebra%20CROSSING')).items.map((i) => i.id)).toEqual([made.zebra]);
    expect((await library('?search=100%25')).items.map((i) => i.id)).toEqual([made.zebra]);
    expect((await library('?search=%25%25')).total).toBe(0);
    const creatorName = (await library('?pageSize=100')).items.find((i) => i.id === made.zebra)!.creatorName!;
    const byCreator = await library(`?search=${encodeURIComponent(creatorName.toUpperCase())}&pageSize=100`);
    expect(byCreator.items.map((i) => i.id)).toEqual(expect.arrayContaining([made.zebra, made.upload, made.broken]));
    expect(byCreator.items.every((i) => i.creatorName === creatorName)).toBe(true);
  });

  it('filters by status, type and media state, and pages', async () => {
    const live = await t.database.db.kysely.selectFrom('content').select('id').where('status', '=', 'live').execute();
    expect((await library('?status=live')).items.map((i) => i.id).sort()).toEqual(live.map((i) => i.id).sort());
    expect((await library('?type=radio&search=morning')).items.map((i) => i.id)).toEqual([made.upload]);
    expect((await library('?media=failed')).items.map((i) => i.id)).toEqual([made.broken]);
    expect((await library('?media=processing&type=tv')).total).toBe(0);

    const whole = await library('?pageSize=100');
    const second = await library('?pageSize=3&page=2');
    expect(second).toMatchObject({ total: whole.total, page: 2, pageSize: 3 });
    expect(second.items.map((i) => i.id)).toEqual(whole.items.slice(3, 6).map((i) => i.id));
    expect((await library('?page=999')).items).toEqual([]);
  });

  it('refuses a bad filter with a 400 naming it', async () => {
    for (const [query, field] of [
      ['?status=deleted', 'status'],
      ['?media=lost', 'media'],
      ['?type=spaceship', 'type'],
      ['?pageSize=500', 'pageSize'],
      ['?page=0', 'page'],
      [`?search=${'x'.repeat(101)}`, 'search'],
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/content${query}`, headers: { cookie: admin } });
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toMatch(new RegExp(`^${field}`));
    }
  });
});
