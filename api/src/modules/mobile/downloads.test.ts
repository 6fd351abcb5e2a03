import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadResponseSchema, OfflineContentSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

describe.each(await testDialects())('offline downloads on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let itemId: number;
  let liveId: number;
  let bytes: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    viewer = await signIn(t.app, 'viewer', 'viewer123');
    const db = t.database.db.kysely;
    const insert = (title: string, status: 'live' | 'published') =>
      db.insertInto('content').values({ creatorId: null, title, description: null, type: 'tv', category: null, status, durationSeconds: 120, language: 'en', createdAt: Date.now(), liveSince: status === 'live' ? Date.now() : null }).returning('id').executeTakeFirstOrThrow();
    itemId = (await insert('Nature hour', 'published')).id;
    liveId = (await insert('Live now', 'live')).id;
    const dir = path.join(t.config.mediaDir, 'vod', String(itemId));
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'download.mp4');
    execFileSync(t.config.ffmpegPath, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10:duration=1', '-pix_fmt', 'yuv420p', file]);
    bytes = statSync(file).size;
    await db.insertInto('mediaAssets').values({ contentId: itemId, status: 'ready', error: null, hlsPath: null, filePath: `vod/${itemId}/download.mp4`, fileBytes: bytes, audioPath: null, audioMime: null, audioBytes: null, audioSampleRate: null, thumbnailPath: null, durationMs: 1000, width: 160, height: 120, updatedAt: Date.now() }).execute();
  });
  afterAll(() => t.close());

  it('starts a download, serves the file with its length, records progress and removes it', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/content/download', headers: { cookie: viewer }, payload: { contentId: itemId } });
    expect(started.statusCode, started.body).toBe(200);
    const download = DownloadResponseSchema.parse(started.json());
    expect(download).toMatchObject({ url: `/api/content/${itemId}/file`, bytes, mime: 'video/mp4', item: { id: itemId, title: 'Nature hour', duration: 2, downloadProgress: 0 } });
    const file = await t.app.inject({ method: 'GET', url: download.url, headers: { cookie: viewer } });
    expect(file.statusCode).toBe(200);
    expect(Number(file.headers['content-length'])).toBe(bytes);
    expect(file.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    expect((await t.app.inject({ method: 'GET', url: download.url })).statusCode).toBe(401);

    expect((await t.app.inject({ method: 'PATCH', url: `/api/user/offline-content/${itemId}`, headers: { cookie: viewer }, payload: { downloadProgress: 100 } })).statusCode).toBe(200);
    const list = OfflineContentSchema.array().parse((await t.app.inject({ method: 'GET', url: '/api/user/offline-content', headers: { cookie: viewer } })).json());
    expect(list).toEqual([expect.objectContaining({ id: itemId, downloadProgress: 100 })]);
    await t.app.inject({ method: 'DELETE', url: `/api/user/offline-content/${itemId}`, headers: { cookie: viewer } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/offline-content', headers: { cookie: viewer } })).json()).toEqual([]);
  }, 90_000);

  it('refuses live items, items without files, and bad input', async () => {
    const live = await t.app.inject({ method: 'POST', url: '/api/content/download', headers: { cookie: viewer }, payload: { contentId: liveId } });
    expect(live.statusCode).toBe(409);
    expect(live.body).toMatch(/^contentId: live broadcasts cannot be downloaded/);
    expect((await t.app.inject({ method: 'POST', url: '/api/content/download', headers: { cookie: viewer }, payload: { contentId: 999999 } })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/content/download', headers: { cookie: viewer }, payload: { contentId: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^contentId must be a number/);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/user/offline-content/${itemId}`, headers: { cookie: viewer }, payload: { downloadProgress: 101 } })).body).toMatch(/^downloadProgress must be between 0 and 100/);
  }, 90_000);

  it('refuses a subscribers-only item to a viewer without a paid plan, as the player does', async () => {
    await t.database.db.kysely.insertInto('contentAccess').values({ contentId: itemId, subscribersOnly: 1, updatedAt: Date.now() }).execute();
    try {
      const start = await t.app.inject({ method: 'POST', url: '/api/content/download', headers: { cookie: viewer }, payload: { contentId: itemId } });
      expect(start.statusCode).toBe(403);
      expect(start.body).toMatch(/subscribers only/);
      expect((await t.app.inject({ method: 'GET', url: `/api/content/${itemId}/file`, headers: { cookie: viewer } })).statusCode).toBe(403);
    } finally {
      await t.database.db.kysely.deleteFrom('contentAccess').where('contentId', '=', itemId).execute();
    }
  }, 90_000);
});
