import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentSchema, type Content } from '@onair/protocol';
import { createTestApp, listen, signIn, type TestApp } from '../../../test/support/app.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('deleting content on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let creator: string;
  let viewer: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    base = await listen(t);
    creator = await signIn(t.app, 'creator', 'creator123');
    viewer = await signIn(t.app, 'viewer', 'viewer123');
    admin = await signIn(t.app, 'admin', 'admin123');
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const create = async (cookie: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/content', headers: { cookie }, payload });
    expect(response.statusCode, response.body).toBe(201);
    return ContentSchema.parse(response.json());
  };
  const remove = (id: number | string, cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/content/${id}`, headers: cookie ? { cookie } : {} });
  const exists = async (id: number) => (await t.app.inject({ method: 'GET', url: `/api/content/${id}` })).statusCode === 200;
  const rowsOf = async (table: 'chatMessages' | 'polls' | 'viewEvents' | 'contentViewCounts' | 'contentViewers' | 'podcastEpisodes' | 'mediaAssets', contentId: number) => {
    const row = await t.database.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contentId', '=', contentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('refuses the signed-out, viewers, other creators, bad ids and unknown items, and deletes nothing', async () => {
    const mine = await create(creator, { title: 'Rehearsal take', type: 'tv' });
    const theirs = await create(admin, { title: 'Station ident', type: 'tv' });

    expect((await remove(mine.id)).statusCode).toBe(401);
    expect((await remove(mine.id, viewer)).statusCode).toBe(403);
    const other = await remove(theirs.id, creator);
    expect(other.statusCode).toBe(403);
    expect(other.body).toBe('Only the item’s creator or an admin may delete it');
    const bad = await remove('twelve', creator);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^id/);
    expect((await remove(999_999, creator)).statusCode).toBe(404);
    expect(await exists(mine.id)).toBe(true);
    expect(await exists(theirs.id)).toBe(true);

    // An admin may delete anyone's item: a takedown, logged and told to its creator, with the reason given.
    const badReason = await t.app.inject({ method: 'DELETE', url: `/api/content/${mine.id}`, headers: { cookie: admin }, payload: { reason: 'x'.repeat(501) } });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.body).toBe('reason must be at most 500 characters');
    expect(await exists(mine.id)).toBe(true);
    const takedown = await t.app.inject({ method: 'DELETE', url: `/api/content/${mine.id}`, headers: { cookie: admin }, payload: { reason: '  Music without a licence  ' } });
    expect(takedown.statusCode, takedown.body).toBe(204);
    expect(await exists(mine.id)).toBe(false);
    expect((await remove(mine.id, admin)).statusCode).toBe(404);
    const db = t.database.db.kysely;
    const logged = await db.selectFrom('adminActions').select(['action', 'targetId', 'detail']).where('action', '=', 'content.delete').execute();
    expect(logged).toEqual([{ action: 'content.delete', targetId: mine.id, detail: 'Rehearsal take: Music without a licence' }]);
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: creator } })).json() as { items: { text: string; from: string; link: string }[] };
    expect(inbox.items[0]).toMatchObject({ text: 'An administrator took down your item “Rehearsal take”: Music without a licence', from: 'admin', link: '/creator' });
    const feed = await t.app.inject({ method: 'GET', url: '/api/admin/usage-analytics', headers: { cookie: admin } });
    expect(feed.body).toContain('admin took down an item of creator (Rehearsal take: Music without a licence)');
  });

  it('refuses an item on air (409); one whose media job failed may go', async () => {
    const db = t.database.db.kysely;
    const live = await db.selectFrom('content').select(['id', 'creatorId']).where('status', '=', 'live').executeTakeFirstOrThrow();
    const onAir = await remove(live.id, admin);
    expect(onAir.statusCode).toBe(409);
    expect(onAir.body).toBe('This item is on air: end the broadcast in the Studio before deleting it');
    expect(await exists(live.id)).toBe(true);

    const upload = await create(creator, { title: 'big-file.mov', type: 'tv' });
    await db.insertInto('mediaAssets').values({ contentId: upload.id, status: 'failed', error: 'not media', updatedAt: Date.now() }).execute();
    expect((await remove(upload.id, creator)).statusCode).toBe(204);
    expect(await rowsOf('mediaAssets', upload.id)).toBe(0);
  });

  it('takes the item with its chat, polls, views, media files and feed entry, tells open pages, and leaves the rest', async () => {
    const db = t.database.db.kysely;
    const { mediaDir } = t.config;
    const episode = await create(creator, { title: 'Signals, withdrawn', type: 'podcast', duration: 600 });
    const kept = await create(creator, { title: 'Signals, kept', type: 'podcast' });
    const send = (url: string, payload: object, cookie: string) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

    // What hangs on the item: a view (and its counters), a chat message, a poll, and an episode in a feed.
    for (const [url, payload, cookie] of [
      ['/api/analytics/record', { contentId: episode.id, device: 'web', watchSeconds: 30, country: 'NO' }, viewer],
      ['/api/chat/send', { message: 'Great episode', contentId: episode.id }, viewer],
      ['/api/polls', { question: 'More like this?', options: ['Yes', 'No'], contentId: episode.id }, creator],
    ] as const) {
      const sent = await send(url, payload, cookie);
      expect(sent.statusCode, `${url}: ${sent.body}`).toBeLessThan(300);
    }
    const show = await send('/api/podcast-shows', { title: 'Signals', description: 'Weekly', author: 'Creator', category: 'news', syncMetadata: false }, creator);
    expect(show.statusCode, show.body).toBe(201);
    const { id: showId, slug } = show.json() as { id: number; slug: string };
    for (const item of [episode, kept]) {
      const added = await send(`/api/podcast-shows/${showId}/episodes`, { contentId: item.id }, creator);
      expect(added.statusCode, added.body).toBeLessThan(300);
      const audioPath = `vod/${item.id}/audio.mp3`;
      await mkdir(path.join(mediaDir, 'vod', String(item.id)), { recursive: true });
      await writeFile(path.join(mediaDir, audioPath), Buffer.alloc(4096, 1));
      await db
        .insertInto('mediaAssets')
        .values({ contentId: item.id, status: 'ready', audioPath, audioMime: 'audio/mpeg', audioBytes: 4096, durationMs: 60_000, updatedAt: Date.now() })
        .execute();
    }
    const feed = async () => (await t.app.inject({ method: 'GET', url: `/feeds/${slug}.xml` })).body;
    await t.app.jobs.waitForResult(await t.app.jobs.enqueue('syndication', { showId }, { userId: null }), 60_000);
    expect(await feed()).toContain('Signals, withdrawn');
    // Files of every kind the item can have: its on-demand folder, live HLS, takes of a recording, a job's leftovers.
    const itemFiles = [`vod/${episode.id}/audio.mp3`, `live/${episode.id}/master.m3u8`, `recordings/${episode.id}/take-1.flv`, `vod/.work-${episode.id}-job7/index.m3u8`];
    for (const file of itemFiles.slice(1)) {
      await mkdir(path.dirname(path.join(mediaDir, file)), { recursive: true });
      await writeFile(path.join(mediaDir, file), 'x');
    }
    expect(await rowsOf('contentViewCounts', episode.id)).toBe(1);
    expect(await rowsOf('chatMessages', episode.id)).toBe(1);
    expect(await rowsOf('polls', episode.id)).toBe(1);

    const lobby = await connectSocket(base, viewer);
    const told = nextEvent(lobby, 'content:removed', (e) => e.contentId === episode.id);
    const response = await remove(episode.id, creator);
    expect(response.statusCode, response.body).toBe(204);
    expect(response.body).toBe('');
    await told;

    expect(await exists(episode.id)).toBe(false);
    for (const table of ['chatMessages', 'polls', 'viewEvents', 'contentViewCounts', 'contentViewers', 'podcastEpisodes', 'mediaAssets'] as const) {
      expect(await rowsOf(table, episode.id), table).toBe(0);
    }
    for (const file of itemFiles) expect(existsSync(path.join(mediaDir, file)), file).toBe(false);
    const list = (await t.app.inject({ method: 'GET', url: '/api/content?limit=500' })).json() as Content[];
    expect(list.some((c) => c.id === episode.id)).toBe(false);

    // The feed is rebuilt without it; the other episode, its files and its counters stay.
    await expect.poll(feed, { timeout: 20_000, interval: 200 }).not.toContain('Signals, withdrawn');
    expect(await feed()).toContain('Signals, kept');
    expect(existsSync(path.join(mediaDir, `vod/${kept.id}/audio.mp3`))).toBe(true);
    expect(await rowsOf('podcastEpisodes', kept.id)).toBe(1);
  });
});
