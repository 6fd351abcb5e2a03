/**
 * Podcast syndication end to end over a listening server: a show with real episode files (ffmpeg),
 * its feed read back by an independent parser (podcast-partytime), the platform checks run by ffprobe
 * in the syndication job, Sync All's progress on the creator's socket, download counting on the
 * enclosure route, and settings read back by a server restarted on the same database.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseFeed } from 'podcast-partytime';
import { v5 as uuidv5 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PODCAST_GUID_NAMESPACE,
  PodcastShowSchema,
  PodcastSyndicationSchema,
  SyndicationAnalyticsSchema,
  SyndicationStartedSchema,
  type PodcastShow,
  type PodcastSyndication,
} from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { openDatabase } from '../../db/index.ts';
import { buildServer } from '../../server.ts';
import { composeJobs } from '../../../test/support/jobs.ts';

const dialects = await testDialects();
// ffmpeg, ffprobe and real HTTP round trips on a shared machine: generous limits, fast when idle.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A real MP3 of `seconds` of tone at `sampleRate`, written under the media dir. */
function makeAudio(mediaDir: string, relative: string, sampleRate: number, seconds = 3): void {
  const file = path.join(mediaDir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ar', String(sampleRate), '-c:a', 'libmp3lame', file]);
}

/** A real square JPEG of `size` px. */
function makeCover(file: string, size: number): Buffer {
  mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=blue:s=${size}x${size}`, '-frames:v', '1', file]);
  return readFileSync(file);
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(dialects)('podcast syndication on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let creator: string;
  let viewer: string;
  let creatorId: number;
  let creatorEmail: string;
  let pingServer: http.Server;
  const pings: string[] = [];
  const episodes: Record<'first' | 'second' | 'lowRate', number> = { first: 0, second: 0, lowRate: 0 };
  let show: PodcastShow;

  beforeAll(async () => {
    pingServer = http.createServer((req, res) => {
      pings.push(req.url ?? '');
      res.end('ok');
    });
    await new Promise<void>((resolve) => pingServer.listen(0, '127.0.0.1', resolve));
    const pingPort = (pingServer.address() as net.AddressInfo).port;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, {
      seed: TINY_SEED,
      env: { PORT: String(port), PUBLIC_URL: base, PODCAST_PING_URLS: `http://127.0.0.1:${pingPort}/api/1.0/hub/pubnotify` },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    [creator, viewer] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123')]);
    const user = await t.database.db.kysely.selectFrom('users').select(['id', 'email']).where('username', '=', 'creator').executeTakeFirstOrThrow();
    creatorId = user.id;
    creatorEmail = user.email;

    const db = t.database.db.kysely;
    const make = async (title: string, sampleRate: number, createdAt: number) => {
      const { id } = await db
        .insertInto('content')
        .values({ creatorId, title, description: `${title}, the episode`, type: 'podcast', category: 'technology', status: 'published', durationSeconds: 3, language: 'en', createdAt, liveSince: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const audioPath = `vod/${id}/episode.mp3`;
      makeAudio(t.config.mediaDir, audioPath, sampleRate);
      const bytes = statSync(path.join(t.config.mediaDir, audioPath)).size;
      await db
        .insertInto('mediaAssets')
        .values({
          contentId: id,
          status: 'ready',
          error: null,
          hlsPath: null,
          filePath: null,
          fileBytes: null,
          audioPath,
          audioMime: 'audio/mpeg',
          audioBytes: bytes,
          audioSampleRate: sampleRate,
          thumbnailPath: null,
          durationMs: 3000,
          width: null,
          height: null,
          updatedAt: createdAt,
        })
        .execute();
      return id;
    };
    episodes.first = await make('Signals, part one', 44_100, Date.UTC(2026, 0, 5, 9, 30));
    episodes.second = await make('Signals, part two', 44_100, Date.UTC(2026, 0, 12, 9, 30));
    episodes.lowRate = await make('Signals, a low-rate take', 22_050, Date.UTC(2026, 0, 19, 9, 30));
  }, 240_000);

  afterAll(async () => {
    closeAllSockets();
    await t.app.close().catch(() => undefined);
    await t.database.destroy();
    await new Promise((resolve) => pingServer.close(resolve));
  }, 240_000);

  const call = (cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const records = async () => PodcastSyndicationSchema.array().parse((await call(creator, 'GET', '/api/podcast-syndication')).json());
  const feed = () => t.app.inject({ method: 'GET', url: `/feeds/${show.slug}.xml` });
  const waitForJob = (jobId: string) => t.app.jobs.waitForResult<{ records: PodcastSyndication[] }>(jobId, 180_000);
  const distribute = async (contentId: number, platform: string) => {
    const response = await call(creator, 'POST', '/api/podcast-syndication', { contentId, platform, showId: show.id });
    expect(response.statusCode, response.body).toBe(202);
    const started = SyndicationStartedSchema.parse(response.json());
    expect(started.records[0]).toMatchObject({ contentId, platform, status: 'pending' });
    await waitForJob(started.jobId);
    return (await records()).find((r) => r.contentId === contentId && r.platform === platform)!;
  };
  const setCoverDirectly = async (size: number) => {
    const coverPath = `podcasts/${show.id}/direct-${size}.jpg`;
    makeCover(path.join(t.config.mediaDir, coverPath), size);
    await t.database.db.kysely.updateTable('podcastShows').set({ coverPath, coverMime: 'image/jpeg', coverWidth: size, coverHeight: size }).where('id', '=', show.id).execute();
  };

  it('keeps syndication to creators and refuses bad input with a 400 naming the field', async () => {
    expect((await call(undefined, 'GET', '/api/podcast-syndication')).statusCode).toBe(401);
    expect((await call(viewer, 'GET', '/api/podcast-syndication')).statusCode).toBe(403);
    expect((await call(viewer, 'POST', '/api/podcast-shows', { title: 'x' })).statusCode).toBe(403);
    const bad = [
      [{ title: 'T', description: 'D', author: 'A', category: 'sports' }, 'category'],
      [{ title: '', description: 'D', author: 'A', category: 'news' }, 'title'],
      [{ title: 'T', description: 'D', author: 'A', category: 'news', syncFrequency: 'monthly' }, 'syncFrequency'],
      [{ title: 'T', description: 'D', author: 'A', category: 'news', language: 'English!' }, 'language'],
    ] as const;
    for (const [payload, field] of bad) {
      const response = await call(creator, 'POST', '/api/podcast-shows', payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(new RegExp(`^${field}\\b`));
    }
    const badSync = await call(creator, 'POST', '/api/podcast-syndication', { contentId: episodes.first, platform: 'myspace' });
    expect(badSync.statusCode).toBe(400);
    expect(badSync.body).toMatch(/^platform\b/);
    const noShow = await call(creator, 'POST', '/api/podcast-syndication', { contentId: episodes.first, platform: 'apple' });
    expect(noShow.statusCode).toBe(400);
    expect(noShow.body).toMatch(/^showId\b/);
    expect((await call(creator, 'POST', '/api/podcast-syndication/-1/sync')).statusCode).toBe(400);
    const count = await t.database.db.kysely.selectFrom('podcastShows').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('makes a show with two episodes whose feed an independent parser reads with every required tag', async () => {
    const created = await call(creator, 'POST', '/api/podcast-shows', {
      title: 'Morning Signals',
      description: 'Radio engineering, one signal at a time.',
      author: 'Casey Creator',
      category: 'technology',
      language: 'en',
      explicit: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    show = PodcastShowSchema.parse(created.json());
    expect(show).toMatchObject({ slug: 'morning-signals', feedUrl: `${base}/feeds/morning-signals.xml`, autoPublish: false, qualityCheck: true, syncMetadata: true });

    const small = makeCover(path.join(t.config.mediaDir, 'fixtures/small.jpg'), 500);
    const refused = await call(creator, 'PUT', `/api/podcast-shows/${show.id}/cover`, { image: small.toString('base64') });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe('image: cover art must be between 1400×1400 and 3000×3000 px, it is 500×500 px');
    const cover = makeCover(path.join(t.config.mediaDir, 'fixtures/cover.jpg'), 1400);
    const uploaded = await call(creator, 'PUT', `/api/podcast-shows/${show.id}/cover`, { image: `data:image/jpeg;base64,${cover.toString('base64')}` });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    show = PodcastShowSchema.parse(uploaded.json());
    expect(show).toMatchObject({ coverUrl: `${base}/feeds/morning-signals/cover.jpg`, coverWidth: 1400, coverHeight: 1400 });

    for (const contentId of [episodes.first, episodes.second]) {
      const added = await call(creator, 'POST', `/api/podcast-shows/${show.id}/episodes`, { contentId });
      expect(added.statusCode, added.body).toBe(201);
    }
    const response = await eventually(feed, (r) => r.statusCode === 200 && (r.body.match(/<item>/g) ?? []).length === 2);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.body).toMatch(/<pubDate>Mon, 12 Jan 2026 09:30:00 GMT<\/pubDate>/); // RFC 2822
    expect(response.body).not.toContain('podcast:transcript'); // no transcript made for these items

    const parsed = parseFeed(response.body)!;
    expect(parsed).toBeTruthy();
    expect(parsed.title).toBe('Morning Signals');
    expect(parsed.description).toBe('Radio engineering, one signal at a time.');
    expect(parsed.link).toBe(`${base}/feeds/morning-signals`);
    expect(parsed.language).toBe('en');
    expect(parsed.itunesImage).toBe(`${base}/feeds/morning-signals/cover.jpg`);
    expect(parsed.itunesCategory).toContain('Technology');
    expect(parsed.explicit).toBe(false);
    expect(parsed.author).toBe('Casey Creator');
    expect(parsed.owner).toMatchObject({ email: creatorEmail, name: 'Casey Creator' });
    expect(parsed.guid).toBe(uuidv5(`127.0.0.1:${base.split(':')[2]}/feeds/morning-signals.xml`, PODCAST_GUID_NAMESPACE));
    expect(parsed.locked).toBe(true);
    expect(parsed.podcastOwner).toBe(creatorEmail);

    const guids = await t.database.db.kysely.selectFrom('podcastEpisodes').select(['contentId', 'guid']).execute();
    expect(parsed.items).toHaveLength(2);
    for (const [contentId, title, day] of [
      [episodes.second, 'Signals, part two', 12],
      [episodes.first, 'Signals, part one', 5],
    ] as const) {
      const item = parsed.items.find((i) => i.title === title)!;
      const bytes = statSync(path.join(t.config.mediaDir, `vod/${contentId}/episode.mp3`)).size;
      expect(item.enclosure).toEqual({ url: `${base}/feeds/morning-signals/episodes/${contentId}.mp3`, length: bytes, type: 'audio/mpeg' });
      expect(item.guid).toBe(guids.find((g) => g.contentId === contentId)!.guid);
      expect(item.pubDate?.toISOString()).toBe(new Date(Date.UTC(2026, 0, day, 9, 30)).toISOString());
      expect(item.duration).toBe(3);
    }

    // Conditional requests: the same feed is not sent twice.
    const etag = response.headers.etag as string;
    const lastModified = response.headers['last-modified'] as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: `/feeds/${show.slug}.xml`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/${show.slug}.xml`, headers: { 'if-modified-since': lastModified } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: `/feeds/${show.slug}.xml`, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);

    const coverResponse = await t.app.inject({ method: 'GET', url: '/feeds/morning-signals/cover.jpg' });
    expect(coverResponse.statusCode).toBe(200);
    expect(coverResponse.headers['content-type']).toBe('image/jpeg');
    expect(coverResponse.rawPayload.equals(cover)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/feeds/morning-signals/cover.png' })).statusCode).toBe(404);

    const page = await t.app.inject({ method: 'GET', url: `/feeds/${show.slug}` });
    expect(page.body).toContain(`<link rel="alternate" type="application/rss+xml" title="Morning Signals" href="${base}/feeds/morning-signals.xml">`);
  });

  it('publishes a conforming episode and fails a 22.05 kHz one and a 500 px cover with every reason', async () => {
    const good = await distribute(episodes.first, 'apple');
    expect(good).toMatchObject({ status: 'published', reasons: [], feedUrl: `${base}/feeds/morning-signals.xml` });
    expect(good.lastSync).not.toBeNull();
    expect(pings.some((p) => p === `/api/1.0/hub/pubnotify?url=${encodeURIComponent(`${base}/feeds/morning-signals.xml`)}`)).toBe(true);

    const low = await distribute(episodes.lowRate, 'spotify');
    expect(low.status).toBe('failed');
    expect(low.reasons).toEqual(['Spotify: episode audio is 22.05 kHz, it must be 44.1 kHz']);

    await setCoverDirectly(500);
    const goodAgain = await call(creator, 'POST', `/api/podcast-syndication/${good.id}/sync`);
    await waitForJob(goodAgain.json().jobId);
    const lowAgain = await call(creator, 'POST', `/api/podcast-syndication/${low.id}/sync`);
    await waitForJob(lowAgain.json().jobId);
    const after = await records();
    expect(after.find((r) => r.id === good.id)).toMatchObject({
      status: 'failed',
      reasons: ['Apple Podcasts: cover art is 500×500 px, it must be at least 1400×1400 px'],
    });
    expect(after.find((r) => r.id === low.id)!.reasons).toEqual([
      'Spotify: cover art is 500×500 px, it must be at least 1400×1400 px',
      'Spotify: episode audio is 22.05 kHz, it must be 44.1 kHz',
    ]);

    await setCoverDirectly(1400);
  });

  it('runs Sync All as a job whose progress reaches the creator’s socket and whose end state is in the list', async () => {
    const socket = await connectSocket(base, creator);
    const progress = collect(socket, 'job:progress');
    const response = await call(creator, 'POST', '/api/podcast-syndication/0/sync');
    expect(response.statusCode).toBe(200);
    const { jobId, records: started } = response.json() as { jobId: string; records: PodcastSyndication[] };
    expect(started.length).toBe(2);
    expect(started.every((r) => r.status === 'pending' && r.jobId === jobId)).toBe(true);
    const done = await nextEvent(socket, 'job:done', (e) => e.jobId === jobId, 180_000);
    progress.stop();
    const messages = progress.seen.filter((e) => e.jobId === jobId).map((e) => e.message);
    expect(messages.some((m) => m.startsWith('Checking cover'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Probing audio'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Building feed'))).toBe(true);
    expect(messages.some((m) => m.startsWith('Pinging'))).toBe(true);
    expect(done.name).toBe('syndication');
    const list = await records();
    expect(list.map((r) => [r.contentTitle, r.platform, r.status, r.jobId])).toEqual([
      ['Signals, a low-rate take', 'spotify', 'failed', null],
      ['Signals, part one', 'apple', 'published', null],
    ]);
    expect((done.result as { records: PodcastSyndication[] }).records).toHaveLength(2);

    const linked = await call(creator, 'PATCH', `/api/podcast-syndication/${list[1]!.id}`, { externalId: 'https://podcasts.apple.com/podcast/id123' });
    expect(linked.json()).toMatchObject({ externalId: 'https://podcasts.apple.com/podcast/id123' });
    const badLink = await call(creator, 'PATCH', `/api/podcast-syndication/${list[1]!.id}`, { externalId: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.body).toMatch(/^externalId\b/);
  });

  it('resyncs a show on schedule once its sync frequency has passed, and not before', async () => {
    const db = t.database.db.kysely;
    const scheduled = async () => {
      const jobId = await t.app.jobs.enqueue('syndication', { scope: 'scheduled' }, { userId: null });
      return t.app.jobs.waitForResult<{ shows: number; records: PodcastSyndication[] }>(jobId, 180_000);
    };
    await db.updateTable('podcastShows').set({ syncFrequency: 'hourly', lastSyncedAt: Date.now() - 10 * 60_000 }).where('id', '=', show.id).execute();
    expect((await scheduled()).shows).toBe(0);
    const due = Date.now() - 2 * 3600_000;
    await db.updateTable('podcastShows').set({ lastSyncedAt: due }).where('id', '=', show.id).execute();
    const result = await scheduled();
    expect(result.shows).toBe(1);
    expect(result.records.map((r) => r.status).sort()).toEqual(['failed', 'published']);
    const after = await db.selectFrom('podcastShows').select('lastSyncedAt').where('id', '=', show.id).executeTakeFirstOrThrow();
    expect(Number(after.lastSyncedAt)).toBeGreaterThan(due + 3600_000);
  });

  it('counts an enclosure downloaded twice by one client once, by a second client twice, and no probes or bots', async () => {
    const url = `/feeds/${show.slug}/episodes/${episodes.first}.mp3`;
    const get = (ip: string, userAgent: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress: ip, headers: { 'user-agent': userAgent, ...headers } });
    const bytes = statSync(path.join(t.config.mediaDir, `vod/${episodes.first}/episode.mp3`)).size;
    const analytics = async () => SyndicationAnalyticsSchema.parse((await call(creator, 'GET', '/api/podcast-syndication/analytics')).json());

    const first = await get('203.0.113.5', 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4 like Mac OS X)');
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.length).toBe(bytes);
    expect(first.headers['accept-ranges']).toBe('bytes');
    await get('203.0.113.5', 'AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4 like Mac OS X)');
    expect((await analytics()).totalDownloads).toBe(1);

    await get('198.51.100.7', 'Spotify/8.9.10 Android/34');
    // Probes: a two-byte range, a bot, and a conditional request that gets 304.
    const probe = await get('192.0.2.1', 'Overcast/3.0', { range: 'bytes=0-1' });
    expect(probe.statusCode).toBe(206);
    expect(probe.headers['content-range']).toBe(`bytes 0-1/${bytes}`);
    expect(probe.rawPayload.length).toBe(2);
    await get('192.0.2.2', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    const etag = first.headers.etag as string;
    expect((await get('192.0.2.3', 'Overcast/3.0', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('192.0.2.3', 'Overcast/3.0', { range: `bytes=${bytes + 10}-` })).statusCode).toBe(416);

    const figures = await analytics();
    expect(figures.totalDownloads).toBe(2);
    expect(figures.windowDownloads).toBe(2);
    expect(figures.byPlatform).toEqual([
      { source: 'spotify', downloads: 1 },
      { source: 'apple', downloads: 1 },
      { source: 'google', downloads: 0 },
      { source: 'amazon', downloads: 0 },
      { source: 'other', downloads: 0 },
    ]);
    expect(figures.daily.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), downloads: 2 });
    expect(figures.topEpisodes).toEqual([{ contentId: episodes.first, title: 'Signals, part one', downloads: 2 }]);
  });

  it('leaves a subscribers-only episode out of the public feed and page, and answers 404 for its enclosure', async () => {
    const enclosure = `/feeds/${show.slug}/episodes/${episodes.second}.mp3`;
    const listsIt = (body: string) => body.includes(enclosure);
    expect(listsIt((await feed()).body)).toBe(true);
    const gated = await call(creator, 'PUT', `/api/content/${episodes.second}/access`, { subscribersOnly: true });
    expect(gated.statusCode, gated.body).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url: enclosure });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toBe('No such episode');
    expect((await t.app.inject({ method: 'GET', url: enclosure, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
    const rebuilt = await eventually(feed, (r) => r.statusCode === 200 && !listsIt(r.body), 60_000);
    expect(parseFeed(rebuilt.body)!.items.map((i) => i.title)).not.toContain('Signals, part two');
    expect((await t.app.inject({ method: 'GET', url: `/feeds/${show.slug}` })).body).not.toContain('Signals, part two');
    // Distributing it now fails for that reason, named as such.
    const gatedRecord = await distribute(episodes.second, 'amazon');
    expect(gatedRecord).toMatchObject({
      status: 'failed',
      reasons: ['Amazon Music: the episode is for subscribers only, so the public feed leaves it out; make it free to watch to distribute it'],
    });

    // Opened to everyone again, it is back in the feed and served.
    await call(creator, 'PUT', `/api/content/${episodes.second}/access`, { subscribersOnly: false });
    await eventually(feed, (r) => r.statusCode === 200 && listsIt(r.body), 60_000);
    expect((await t.app.inject({ method: 'GET', url: enclosure })).statusCode).toBe(200);
  });

  it('saves settings that survive a restart and take effect (auto-publish without the quality check)', async () => {
    const saved = await call(creator, 'PATCH', `/api/podcast-shows/${show.id}`, {
      autoPublish: true,
      qualityCheck: false,
      syncMetadata: false,
      category: 'news',
      syncFrequency: 'weekly',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const badSetting = await call(creator, 'PATCH', `/api/podcast-shows/${show.id}`, { syncFrequency: 'sometimes' });
    expect(badSetting.statusCode).toBe(400);
    expect(badSetting.body).toMatch(/^syncFrequency\b/);

    await t.app.close();
    const db = openDatabase(t.database.url, { poolSize: 2 });
    const restarted = await buildServer(t.config, { db, jobs: composeJobs });
    await restarted.ready();
    try {
      const cookie = await signIn(restarted, 'creator', 'creator123');
      const shows = PodcastShowSchema.array().parse((await restarted.inject({ method: 'GET', url: '/api/podcast-shows', headers: { cookie } })).json());
      expect(shows[0]).toMatchObject({ id: show.id, autoPublish: true, qualityCheck: false, syncMetadata: false, category: 'news', syncFrequency: 'weekly' });

      // Auto-publish: a new episode goes to every platform; with the quality check off, its 22.05 kHz
      // audio is not held against it, but the enclosure and the tags still are checked.
      const { id: contentId } = await db.kysely
        .insertInto('content')
        .values({ creatorId, title: 'Signals, late edition', description: null, type: 'radio', category: null, status: 'published', durationSeconds: 3, language: 'en', createdAt: Date.now(), liveSince: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      const audioPath = `vod/${contentId}/episode.mp3`;
      makeAudio(t.config.mediaDir, audioPath, 22_050);
      await db.kysely
        .insertInto('mediaAssets')
        .values({ contentId, status: 'ready', error: null, hlsPath: null, filePath: null, fileBytes: null, audioPath, audioMime: 'audio/mpeg', audioBytes: statSync(path.join(t.config.mediaDir, audioPath)).size, audioSampleRate: 22_050, thumbnailPath: null, durationMs: 3000, width: null, height: null, updatedAt: Date.now() })
        .execute();
      // The enclosure check needs the feed's public address answering, so the restarted server listens there.
      await restarted.listen({ port: Number(new URL(base).port), host: '127.0.0.1' });
      const added = await restarted.inject({ method: 'POST', url: `/api/podcast-shows/${show.id}/episodes`, headers: { cookie }, payload: { contentId } });
      expect(added.statusCode, added.body).toBe(201);
      const list = await eventually(
        async () => PodcastSyndicationSchema.array().parse((await restarted.inject({ method: 'GET', url: '/api/podcast-syndication', headers: { cookie } })).json()).filter((r) => r.contentId === contentId),
        (rows) => rows.length === 4 && rows.every((r) => r.status !== 'pending'),
        180_000,
      );
      expect(list.map((r) => [r.platform, r.status, r.reasons]).sort()).toEqual([
        ['amazon', 'published', []],
        ['apple', 'published', []],
        ['google', 'published', []],
        ['spotify', 'published', []],
      ]);
    } finally {
      await restarted.close();
      await db.close();
    }
  });
});
