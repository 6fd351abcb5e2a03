import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentSchema } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('content and analytics on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    creator = await signIn(t.app, 'creator', 'creator123');
    viewer = await signIn(t.app, 'viewer', 'viewer123');
  });
  afterAll(() => t.close());

  it('lists content in the protocol shape, newest first', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/content' });
    expect(response.statusCode).toBe(200);
    const items = response.json() as unknown[];
    expect(items.length).toBe(40);
    const parsed = items.map((i) => ContentSchema.parse(i));
    const times = parsed.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('gives a client that accepts gzip the same list, compressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/content' });
    const zipped = await t.app.inject({ method: 'GET', url: '/api/content', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('filters live items with ?live=true and rejects a bad flag with 400', async () => {
    const live = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json() as { status: string }[];
    expect(live.length).toBe(3);
    expect(live.every((c) => c.status === 'live')).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/content?live=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^live/);
  });

  it('lists what has a file to download (?downloadable=true) or media to play (?playable=true), beyond the first page, and rejects a bad flag with 400', async () => {
    const db = t.app.db.kysely;
    const oldest = await db.selectFrom('content').select('id').where('status', '=', 'published').orderBy('createdAt', 'asc').orderBy('id', 'asc').limit(2).execute();
    const [withFile, failed] = oldest.map((r) => r.id);
    await db.insertInto('mediaAssets').values({ contentId: withFile!, status: 'ready', filePath: `vod/${withFile}/download.mp4`, updatedAt: Date.now() }).execute();
    // A file path with a failed job is no download.
    await db.insertInto('mediaAssets').values({ contentId: failed!, status: 'failed', filePath: `vod/${failed}/download.mp4`, updatedAt: Date.now() }).execute();
    const downloadable = (await t.app.inject({ method: 'GET', url: '/api/content?downloadable=true' })).json() as { id: number; playback: { file: string | null } | null }[];
    expect(downloadable.map((c) => c.id)).toEqual([withFile]);
    expect(downloadable[0]!.playback?.file).toBe(`/media/vod/${withFile}/download.mp4`);
    // The oldest item is beyond a one-item first page, and still found.
    const firstPage = (await t.app.inject({ method: 'GET', url: '/api/content?limit=1' })).json() as { id: number }[];
    expect(firstPage.map((c) => c.id)).not.toContain(withFile);
    const rest = (await t.app.inject({ method: 'GET', url: '/api/content?downloadable=false' })).json() as { id: number }[];
    expect(rest.map((c) => c.id)).not.toContain(withFile);
    expect(rest.map((c) => c.id)).toContain(failed);
    const bad = await t.app.inject({ method: 'GET', url: '/api/content?downloadable=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^downloadable must be true or false/);

    // Playable: ready media of any kind, a stream or audio as much as a file; never a live item.
    const [withStream] = (await db.selectFrom('content').select('id').where('status', '=', 'published').orderBy('createdAt', 'asc').orderBy('id', 'asc').offset(2).limit(1).execute()).map((r) => r.id);
    await db.insertInto('mediaAssets').values({ contentId: withStream!, status: 'ready', hlsPath: `vod/${withStream}/master.m3u8`, updatedAt: Date.now() }).execute();
    const [live] = (await db.selectFrom('content').select('id').where('status', '=', 'live').limit(1).execute()).map((r) => r.id);
    await db.insertInto('mediaAssets').values({ contentId: live!, status: 'live', hlsPath: `live/${live}/master.m3u8`, updatedAt: Date.now() }).execute();
    const playable = (await t.app.inject({ method: 'GET', url: '/api/content?playable=true' })).json() as { id: number }[];
    expect(playable.map((c) => c.id).sort()).toEqual([withFile!, withStream!].sort());
    const notPlayable = (await t.app.inject({ method: 'GET', url: '/api/content?playable=false' })).json() as { id: number }[];
    expect(notPlayable.map((c) => c.id)).toEqual(expect.arrayContaining([failed, live]));
    expect((await t.app.inject({ method: 'GET', url: '/api/content?playable=1' })).body).toMatch(/^playable must be true or false/);
    await db.deleteFrom('mediaAssets').where('contentId', 'in', [withFile!, failed!, withStream!, live!]).execute();
  });

  it('finds items by a part of their title or their creator’s name (?search=), in any case, and refuses a search too long', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/content' })).json() as { id: number; title: string; creatorName: string | null }[];
    const sample = all.find((c) => c.title.length > 6)!;
    const word = sample.title.slice(1, 6).toUpperCase();
    const byTitle = (await t.app.inject({ method: 'GET', url: `/api/content?search=${encodeURIComponent(word)}` })).json() as { id: number; title: string; creatorName: string | null }[];
    expect(byTitle.map((c) => c.id)).toContain(sample.id);
    expect(byTitle.every((c) => c.title.toLowerCase().includes(word.toLowerCase()) || c.creatorName?.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    const creator = sample.creatorName!;
    const byCreator = (await t.app.inject({ method: 'GET', url: `/api/content?search=${encodeURIComponent(creator.toLowerCase())}` })).json() as { creatorName: string | null }[];
    expect(byCreator.length).toBe(all.filter((c) => c.creatorName === creator || c.title.toLowerCase().includes(creator.toLowerCase())).length);
    // A wildcard is a character like any other.
    expect((await t.app.inject({ method: 'GET', url: '/api/content?search=%25' })).json()).toEqual([]);
    const long = await t.app.inject({ method: 'GET', url: `/api/content?search=${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatch(/^search must be at most 100 characters/);
  });

  it('counts distinct viewers of past items from view events', async () => {
    const items = (await t.app.inject({ method: 'GET', url: '/api/content?live=false' })).json() as { id: number; viewerCount: number }[];
    const sample = items[0]!;
    const row = await t.database.db.kysely
      .selectFrom('viewEvents')
      .select((eb) => eb.fn.count<number>('viewerKey').distinct().as('n'))
      .where('contentId', '=', sample.id)
      .executeTakeFirstOrThrow();
    expect(sample.viewerCount).toBe(Number(row.n));
  });

  it('lets a creator create content and shows it in the list', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie: creator },
      payload: { title: '  Harvest Festival Special ', description: 'Live from the square', type: 'radio' },
    });
    expect(response.statusCode).toBe(201);
    const created = ContentSchema.parse(response.json());
    expect(created).toMatchObject({ title: 'Harvest Festival Special', type: 'radio', status: 'published', viewerCount: 0 });
    const list = (await t.app.inject({ method: 'GET', url: '/api/content' })).json() as { id: number }[];
    expect(list[0]?.id).toBe(created.id);
  });

  it('refuses content creation signed out (401), as a viewer (403) and without a title (400)', async () => {
    const payload = { title: 'Nope', type: 'tv' };
    expect((await t.app.inject({ method: 'POST', url: '/api/content', payload })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie: viewer }, payload })).statusCode).toBe(403);
    const blank = await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie: creator }, payload: { title: '   ', type: 'tv' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toMatch(/^title/);
    const badType = await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie: creator }, payload: { title: 'A', type: 'cinema' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.body).toMatch(/^type/);
  });

  it("lets an item's creator (or an admin) fix its title, description and category, and nobody else", async () => {
    const db = t.database.db.kysely;
    const mine = await db.selectFrom('content').innerJoin('users', 'users.id', 'content.creatorId').select(['content.id', 'content.type']).where('users.username', '=', 'creator').orderBy('content.id').executeTakeFirstOrThrow();
    const theirs = await db.selectFrom('content').innerJoin('users', 'users.id', 'content.creatorId').select('content.id').where('users.username', '!=', 'creator').orderBy('content.id').executeTakeFirstOrThrow();
    const patch = (id: number, payload: object, cookie?: string) => t.app.inject({ method: 'PATCH', url: `/api/content/${id}`, headers: cookie ? { cookie } : {}, payload });
    const before = await db.selectFrom('content').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow();

    expect((await patch(mine.id, { title: 'X' })).statusCode).toBe(401);
    expect((await patch(mine.id, { title: 'X' }, viewer)).statusCode).toBe(403);
    const other = await patch(theirs.id, { title: 'X' }, creator);
    expect(other.statusCode).toBe(403);
    expect(other.body).toBe('Only the item’s creator or an admin may edit it');
    expect((await patch(999_999, { title: 'X' }, creator)).statusCode).toBe(404);
    for (const [payload, message] of [
      [{}, /^title, description or category is required/],
      [{ title: '  ' }, /^title is required/],
      [{ title: 'x'.repeat(201) }, /^title must be at most 200 characters/],
      [{ category: 'x'.repeat(65) }, /^category must be at most 64 characters/],
      [{ description: 5 }, /^description must be text/],
    ] as const) {
      const bad = await patch(mine.id, payload, creator);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.body).toMatch(message);
    }
    expect(await db.selectFrom('content').selectAll().where('id', '=', mine.id).executeTakeFirstOrThrow()).toEqual(before);

    const fixed = await patch(mine.id, { title: ' Evening News ', description: '', category: 'News' }, creator);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(ContentSchema.parse(fixed.json())).toMatchObject({ id: mine.id, title: 'Evening News', description: null, category: 'News', type: mine.type });
    // Only what was sent changes.
    const titleOnly = await patch(mine.id, { title: 'Evening News at Six' }, creator);
    expect(titleOnly.json()).toMatchObject({ title: 'Evening News at Six', category: 'News' });
    const admin = await signIn(t.app, 'admin', 'admin123');
    expect((await patch(theirs.id, { category: 'Music' }, admin)).statusCode).toBe(200);
  });

  it('computes the analytics summary from the data and needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    const summary = (await t.app.inject({ method: 'GET', url: '/api/analytics', headers: { cookie: viewer } })).json();
    const db = t.database.db.kysely;
    const countries = await db.selectFrom('viewEvents').select('country').distinct().execute();
    const content = await db.selectFrom('content').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(summary.globalReach).toBe(countries.length);
    expect(summary.totalContent).toBe(Number(content.n));
    expect(summary.totalViewers).toBeGreaterThan(0);
  });

  it('serves public config and stats to signed-out visitors', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(config.demoMode).toBe(true);
    expect(config.demoAccounts.map((a: { username: string }) => a.username)).toEqual(['admin', 'creator', 'viewer', 'listener']);
    const stats = (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();
    expect(stats.activeStreams).toBe(3);
    expect(stats.globalUsers).toBeGreaterThan(50);
  });

  it('answers an unknown API path with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
  });
});

describe('an empty deployment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: false, env: { SEED_DEMO: 'false' } });
  });
  afterAll(() => t.close());

  it('reports zeros, not placeholders, and lists no demo accounts', async () => {
    const stats = (await t.app.inject({ method: 'GET', url: '/api/public/stats' })).json();
    expect(stats).toEqual({ activeStreams: 0, hoursOfContent: 0, globalUsers: 0, countriesReached: 0 });
    const config = (await t.app.inject({ method: 'GET', url: '/api/public/config' })).json();
    expect(config).toMatchObject({ demoMode: false, demoAccounts: [] });
  });
});
