/**
 * With Redis, upload transcodes run on the workers: a real `npm run workers` process (its own
 * MEDIA_DIR and ffmpeg settings from the environment) takes the `media` job from BullMQ, reports
 * progress that the API's queue hears, and leaves the item ready with its files.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueuePrefix, MediaJobResultSchema } from '@onair/protocol';
import { BullJobQueue } from '../../api/src/jobs/bullmq.ts';
import type { JobEvent } from '../../api/src/jobs/types.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.ts';
import { REPO_ROOT } from '../../test-support/processes.ts';
import { insertCreatorWithItem } from './support/data.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';

const ready = await redisAvailable();

describe.runIf(ready)('media jobs on a worker process', () => {
  const redisPrefix = uniquePrefix('media');
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'onair-worker-media-'));
  let database: TestDatabase;
  let queue: BullJobQueue;
  let worker: ChildProcess | undefined;
  let output = '';
  let userId: number;
  let contentId: number;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const k = database.db.kysely;
    ({ userId, contentId } = await insertCreatorWithItem(k, { title: 'Morning tone', type: 'podcast', category: null, status: 'offline', durationSeconds: 0 }));
    // What the API leaves when the last byte of an upload arrives: the item, its row, the bytes.
    await k
      .insertInto('mediaUploads')
      .values({ id: 'worker-upload-0001', creatorId: userId, contentId, filename: 'tone.wav', sizeBytes: 1, receivedBytes: 1, meta: '{}', jobId: null, createdAt: Date.now(), updatedAt: Date.now() })
      .execute();
    await k
      .insertInto('mediaAssets')
      .values({
        contentId, status: 'processing', error: null, hlsPath: null, filePath: null, fileBytes: null, audioPath: null, audioMime: null,
        audioBytes: null, audioSampleRate: null, thumbnailPath: null, durationMs: null, width: null, height: null, updatedAt: Date.now(),
      })
      .execute();
    const wav = path.join(mediaDir, 'tone.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=3', wav]);
    mkdirSync(path.join(mediaDir, 'uploads'));
    copyFileSync(wav, path.join(mediaDir, 'uploads', 'worker-upload-0001.part'));

    queue = await BullJobQueue.connect({ redisUrl: TEST_REDIS_URL, prefix: jobQueuePrefix(redisPrefix) });
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/src/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix, MEDIA_DIR: mediaDir, WORKER_CONCURRENCY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Workers ready')) {
      if (worker.exitCode !== null) throw new Error(`worker exited with ${worker.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 90_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      await new Promise<void>((resolve) => {
        worker!.once('exit', () => resolve());
        worker!.kill('SIGTERM');
      });
    }
    await queue?.close();
    await clearPrefix(redisPrefix);
    await database?.destroy();
  });

  it('transcodes an upload on the worker, with progress for the uploader', async () => {
    const events: JobEvent[] = [];
    queue.onEvent((e) => events.push(e));
    const jobId = await queue.enqueue('media', { kind: 'upload', uploadId: 'worker-upload-0001', contentId }, { userId });
    const result = MediaJobResultSchema.parse(await queue.waitForResult(jobId, 150_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${output}`);
    }));
    expect(result).toMatchObject({ contentId, hasVideo: false, episode: true });
    expect(Math.abs(result.durationSeconds - 3)).toBeLessThan(0.5);
    const progress = events.filter((e) => e.jobId === jobId && e.type === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((e) => e.userId === userId)).toBe(true);

    const asset = await database.db.kysely.selectFrom('mediaAssets').selectAll().where('contentId', '=', contentId).executeTakeFirstOrThrow();
    expect(asset).toMatchObject({ status: 'ready', hlsPath: `vod/${contentId}/master.m3u8`, audioPath: `vod/${contentId}/episode.mp3`, audioSampleRate: 44100 });
    expect(existsSync(path.join(mediaDir, 'vod', String(contentId), 'master.m3u8'))).toBe(true);
    expect(existsSync(path.join(mediaDir, 'uploads', 'worker-upload-0001.part'))).toBe(false);
    const content = await database.db.kysely.selectFrom('content').select(['status', 'durationSeconds']).where('id', '=', contentId).executeTakeFirstOrThrow();
    expect(content).toEqual({ status: 'published', durationSeconds: 3 });
  }, 180_000);
});
