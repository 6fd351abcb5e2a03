/**
 * /media/: the right MIME types and cache headers, only the public folders, and subscribers-only items
 * refused to people who may not watch them (playlists and segments alike), on both databases.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('media files on %s', (dialect) => {
  let t: TestApp;
  let contentId: number;
  let viewer: string;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    const db = t.database.db.kysely;
    const creator = await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    contentId = (await db.selectFrom('content').select('id').where('creatorId', '=', creator.id).where('status', '!=', 'live').executeTakeFirstOrThrow()).id;
    const dir = path.join(t.config.mediaDir, 'vod', String(contentId));
    mkdirSync(path.join(dir, 'source'), { recursive: true });
    writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nsource/index.m3u8\n');
    writeFileSync(path.join(dir, 'source', 'seg000001.ts'), Buffer.alloc(188, 0x47));
    mkdirSync(path.join(t.config.mediaDir, 'recordings', String(contentId)), { recursive: true });
    writeFileSync(path.join(t.config.mediaDir, 'recordings', String(contentId), 'recording.ts'), Buffer.alloc(188, 0x47));
    [viewer, owner] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'creator', 'creator123')]);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('serves playlists briefly cached and segments long-lived, with HLS MIME types', async () => {
    const master = await get(`/media/vod/${contentId}/master.m3u8`);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=60');
    const segment = await get(`/media/vod/${contentId}/source/seg000001.ts`);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('never serves recordings in progress, upload parts or a missing file (plain 404, not the app)', async () => {
    for (const url of [`/media/recordings/${contentId}/recording.ts`, '/media/uploads/x.part', `/media/vod/${contentId}/nothing.ts`]) {
      const response = await get(url, owner);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).not.toMatch(/html/);
    }
  });

  it('refuses a subscribers-only item to a non-subscriber, and serves its owner', async () => {
    await t.database.db.kysely.insertInto('contentAccess').values({ contentId, subscribersOnly: 1, updatedAt: Date.now() }).execute();
    for (const url of [`/media/vod/${contentId}/master.m3u8`, `/media/vod/${contentId}/source/seg000001.ts`]) {
      expect((await get(url)).statusCode, url).toBe(403);
      const refused = await get(url, viewer);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toMatch(/subscribers only/);
      expect((await get(url, owner)).statusCode, url).toBe(200);
    }
  });

  it('refuses it however the path is spelled: percent-encoded, with dots or doubled slashes', async () => {
    const other = (await t.database.db.kysely.selectFrom('content').select('id').where('id', '!=', contentId).executeTakeFirstOrThrow()).id;
    const id = String(contentId);
    const encodedId = [...id].map((d) => `%3${d}`).join('');
    for (const url of [
      `/media/%76od/${id}/master.m3u8`,
      `/media/vod/${encodedId}/master.m3u8`,
      `/media/vod/${encodedId}/source/seg000001.ts`,
      `/media//vod/${id}/master.m3u8`,
      `/media/vod/./${id}/master.m3u8`,
      `/media/%6Cive/${id}/listen.mp3`,
      `/media/live/${encodedId}/listen.mp3`,
    ]) {
      const response = await get(url, viewer);
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('#EXTM3U');
    }
    // Through a public item's folder and back up: never the gated file.
    for (const url of [`/media/vod/${other}/../${id}/master.m3u8`, `/media/vod/${other}/%2E%2E/${id}/master.m3u8`]) {
      const response = await get(url, viewer);
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('#EXTM3U');
    }
  });
});
