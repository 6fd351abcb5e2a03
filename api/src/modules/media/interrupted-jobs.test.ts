/**
 * A restart in the middle of media processing (the inline job driver keeps its jobs in memory): the
 * next start queues the job again from its source on disk (an upload's bytes, a broadcast's joined
 * recording) and the item is published; an item whose source is gone is marked failed with a reason,
 * and can then be deleted. Real ffmpeg on short synthetic clips; the restart is a second server over
 * the same database and media folder.
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { composeJobs } from '../../../test/support/jobs.ts';
import { makeMediaFixtures, type MediaFixtures } from '../../../test/support/media.ts';
import { waitFor } from '../../../test/support/live-media.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { openDatabase, type Db } from '../../db/index.ts';
import { buildServer } from '../../server.ts';
import { recordingSource } from './item-files.ts';
import { uploadPartFile } from './item-files.ts';

const dialects = await testDialects();

describe.each(dialects)('media processing interrupted by a restart on %s', { timeout: 120_000 }, (dialect) => {
  let t: TestApp;
  let fixtures: MediaFixtures;
  let restarted: FastifyInstance;
  let db: Db;
  const items = { upload: 0, lostUpload: 0, recording: 0 };

  beforeAll(async () => {
    fixtures = makeMediaFixtures();
    t = await createTestApp(dialect, { seed: TINY_SEED });
    const k = t.database.db.kysely;
    const creatorId = (await k.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    const now = Date.now();
    const item = async (title: string, status: 'offline' | 'published') => {
      const { id } = await k
        .insertInto('content')
        .values({ creatorId, title, description: null, type: 'tv', category: null, status, durationSeconds: 0, language: 'en', createdAt: now, liveSince: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await k.insertInto('mediaAssets').values({ contentId: id, status: 'processing', updatedAt: now }).execute();
      return id;
    };
    // What the last process left: two uploads whose jobs were running (one's bytes since lost), and a broadcast's recording.
    items.upload = await item('clip.mp4', 'offline');
    items.lostUpload = await item('lost.mp4', 'offline');
    items.recording = await item('Evening News Live', 'published');
    for (const [id, contentId] of [['upload-kept', items.upload], ['upload-lost', items.lostUpload]] as const) {
      const size = statSync(fixtures.video).size;
      await k.insertInto('mediaUploads').values({ id, creatorId, contentId, filename: 'clip.mp4', sizeBytes: size, receivedBytes: size, meta: '{}', jobId: 'gone-with-the-process', createdAt: now, updatedAt: now }).execute();
    }
    mkdirSync(path.join(t.config.mediaDir, 'uploads'), { recursive: true });
    copyFileSync(fixtures.video, uploadPartFile(t.config.mediaDir, 'upload-kept'));
    const recording = path.join(t.config.mediaDir, recordingSource(items.recording));
    mkdirSync(path.dirname(recording), { recursive: true });
    fixtures.recording(recording);

    await t.app.close();
    db = openDatabase(t.database.url, { poolSize: 2 });
    restarted = await buildServer(t.config, { db, jobs: composeJobs });
    await restarted.ready();
  }, 60_000);

  afterAll(async () => {
    await restarted?.close();
    await t?.database.destroy();
  });

  const asset = (contentId: number) => db.kysely.selectFrom('mediaAssets').select(['status', 'error', 'hlsPath', 'filePath']).where('contentId', '=', contentId).executeTakeFirst();
  const content = (contentId: number) => db.kysely.selectFrom('content').select(['status', 'durationSeconds']).where('id', '=', contentId).executeTakeFirstOrThrow();

  it('processes an interrupted upload again from its bytes, and publishes it', async () => {
    const ready = await waitFor('the upload processed', async () => ((await asset(items.upload))?.status === 'ready' ? asset(items.upload) : null), 90_000);
    expect(ready).toMatchObject({ status: 'ready', error: null, hlsPath: `vod/${items.upload}/master.m3u8` });
    expect(await content(items.upload)).toEqual({ status: 'published', durationSeconds: 3 });
    const upload = await db.kysely.selectFrom('mediaUploads').select('jobId').where('id', '=', 'upload-kept').executeTakeFirstOrThrow();
    expect(upload.jobId).not.toBe('gone-with-the-process');
  });

  it('processes an interrupted recording again from the joined file', async () => {
    const ready = await waitFor('the recording processed', async () => ((await asset(items.recording))?.status === 'ready' ? asset(items.recording) : null), 90_000);
    // A recording becomes an MP4 with its thumbnail (its live HLS was the broadcast's).
    expect(ready?.filePath).toBe(`vod/${items.recording}/video.mp4`);
    expect((await content(items.recording)).durationSeconds).toBe(3);
  });

  it('marks an item whose source is gone failed, with a reason, and it can then be deleted', async () => {
    expect(await asset(items.lostUpload)).toMatchObject({
      status: 'failed',
      error: 'Processing stopped when the server restarted and the file it was reading is gone: upload it again',
    });
    const creator = await signIn(restarted, 'creator', 'creator123');
    const removed = await restarted.inject({ method: 'DELETE', url: `/api/content/${items.lostUpload}`, headers: { cookie: creator } });
    expect(removed.statusCode, removed.body).toBe(204);
  });
});
