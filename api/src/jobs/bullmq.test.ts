/**
 * The BullMQ driver on real Redis: two API "nodes" (two BullJobQueue instances) and workers, each run
 * under a unique key prefix so that test runs never see each other's queues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueuePrefix, type JobHandler } from '@onair/protocol';
import { startBullWorkers, type BullWorkers } from '../../test/support/jobs.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/redis.ts';
import { runJobAndWait } from './run-job.ts';
import { SummaryJobResultSchema } from '@onair/protocol';
import type { FastifyInstance } from 'fastify';
import { BullJobQueue } from './bullmq.ts';
import { JobFailedError, type JobEvent } from './types.ts';

const hasRedis = await redisAvailable();

function until(predicate: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() > deadline) return reject(new Error('condition not met in time'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe.runIf(hasRedis)('BullMQ job driver on Redis', () => {
  const redisPrefix = uniquePrefix('jobs');
  const prefix = jobQueuePrefix(redisPrefix);
  let nodeA: BullJobQueue;
  let nodeB: BullJobQueue;
  let workers: BullWorkers;
  const attempts = new Map<string, number[]>();

  const handler: JobHandler = async (name, payload, ctx) => {
    if (name === 'media') throw Object.assign(new Error('not a video'), { permanent: true });
    const text = (payload as { text: string }).text;
    attempts.set(ctx.jobId, [...(attempts.get(ctx.jobId) ?? []), Date.now()]);
    if (text === 'permanent') throw Object.assign(new Error('no engine for this'), { permanent: true });
    if (text === 'flaky' && ctx.attempt < 3) throw new Error(`flaky attempt ${ctx.attempt}`);
    await ctx.progress(25, 'Quarter');
    await ctx.progress(75, 'Most');
    return { summary: text.toUpperCase(), sentenceCount: 1, selected: [0] };
  };

  beforeAll(async () => {
    nodeA = await BullJobQueue.connect({ redisUrl: TEST_REDIS_URL, prefix, backoffMs: 200 });
    nodeB = await BullJobQueue.connect({ redisUrl: TEST_REDIS_URL, prefix, backoffMs: 200 });
    workers = await startBullWorkers({ redisUrl: TEST_REDIS_URL, prefix, handler, names: ['summary', 'media'] });
  });
  afterAll(async () => {
    await workers?.close();
    await nodeA?.close();
    await nodeB?.close();
    await clearPrefix(redisPrefix);
  });

  it('delivers progress and completion from a worker to every API node, with the owner', async () => {
    const seenA: JobEvent[] = [];
    const seenB: JobEvent[] = [];
    nodeA.onEvent((e) => seenA.push(e));
    nodeB.onEvent((e) => seenB.push(e));
    const jobId = await nodeA.enqueue('summary', { text: 'hello' }, { userId: 42 });
    await expect(nodeB.waitForResult(jobId, 10_000)).resolves.toEqual({ summary: 'HELLO', sentenceCount: 1, selected: [0] });
    // elapsedMs is known where the job was enqueued (node A) or read from Redis; compared apart.
    const mine = (list: JobEvent[]) => list.filter((e) => e.jobId === jobId).map(({ elapsedMs: _elapsed, ...e }) => e);
    await until(() => mine(seenA).some((e) => e.type === 'done') && mine(seenB).some((e) => e.type === 'done'));
    for (const seen of [seenA, seenB]) {
      expect(mine(seen)).toEqual([
        { type: 'progress', jobId, name: 'summary', userId: 42, progress: 25, message: 'Quarter' },
        { type: 'progress', jobId, name: 'summary', userId: 42, progress: 75, message: 'Most' },
        { type: 'done', jobId, name: 'summary', userId: 42, progress: 100, result: { summary: 'HELLO', sentenceCount: 1, selected: [0] } },
      ]);
    }
    expect(seenA.find((e) => e.jobId === jobId && e.type === 'done')?.elapsedMs).toBeGreaterThanOrEqual(0);
    expect(await nodeB.getJob(jobId)).toMatchObject({ id: jobId, name: 'summary', userId: 42, state: 'completed', progress: 100, result: { summary: 'HELLO' } });
  });

  it('retries with exponential backoff, and fails a permanent error at once with its message', async () => {
    const flaky = await nodeA.enqueue('summary', { text: 'flaky' }, { userId: 1 });
    await expect(nodeA.waitForResult(flaky, 15_000)).resolves.toMatchObject({ summary: 'FLAKY' });
    const times = attempts.get(flaky)!;
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(180);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(380);

    const failed: JobEvent[] = [];
    nodeB.onEvent((e) => e.type === 'failed' && failed.push(e));
    const permanent = await nodeA.enqueue('summary', { text: 'permanent' }, { userId: 5 });
    await expect(nodeA.waitForResult(permanent, 10_000)).rejects.toBeInstanceOf(JobFailedError);
    expect(attempts.get(permanent)).toHaveLength(1);
    await until(() => failed.some((e) => e.jobId === permanent));
    expect(failed.find((e) => e.jobId === permanent)).toMatchObject({ userId: 5, error: 'no engine for this' });
    expect(await nodeA.getJob(permanent)).toMatchObject({ state: 'failed', error: 'no engine for this' });
  });

  it("names the item a job worked on in its done and failed events, on the node that queued it and on the others", async () => {
    const seenA: JobEvent[] = [];
    const seenB: JobEvent[] = [];
    nodeA.onEvent((e) => seenA.push(e));
    nodeB.onEvent((e) => seenB.push(e));
    const jobId = await nodeA.enqueue('media', { kind: 'upload', uploadId: 'u-1', contentId: 77 }, { userId: 9 });
    const failedIn = (seen: JobEvent[]) => seen.find((e) => e.jobId === jobId && e.type === 'failed');
    await until(() => Boolean(failedIn(seenA) && failedIn(seenB)));
    // Node A remembers what it queued; node B reads the job's data from Redis.
    for (const seen of [seenA, seenB]) expect(failedIn(seen)).toMatchObject({ name: 'media', userId: 9, contentId: 77, error: 'not a video' });
    // A payload without an item names none.
    const summary = await nodeB.enqueue('summary', { text: 'plain' }, { userId: 9 });
    await until(() => seenA.some((e) => e.jobId === summary && e.type === 'done'));
    expect(seenA.find((e) => e.jobId === summary && e.type === 'done')).not.toHaveProperty('contentId');
  });

  it('answers 503 naming `npm run workers` when a job waits and no worker runs', async () => {
    const idle = uniquePrefix('idle');
    const queue = await BullJobQueue.connect({ redisUrl: TEST_REDIS_URL, prefix: jobQueuePrefix(idle) });
    try {
      const app = { jobs: queue } as unknown as FastifyInstance;
      // At once, not after the 20 s a summary may wait for its worker.
      const started = Date.now();
      const attempt = runJobAndWait(app, { name: 'summary', payload: { text: 'x' }, userId: 1, timeoutMs: 20_000, label: 'summary', result: SummaryJobResultSchema });
      await expect(attempt).rejects.toMatchObject({ statusCode: 503, message: expect.stringMatching(/npm run workers/) });
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await queue.close();
      await clearPrefix(idle);
    }
  });
});
