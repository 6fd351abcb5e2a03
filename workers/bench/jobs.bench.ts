/**
 * Job throughput: no-op jobs through OnAir's BullMQ layer (BullJobQueue.enqueue with its payload
 * check, ids and retention; startBullWorkers with its envelope and progress plumbing) against bare
 * BullMQ (Queue.add + a Worker returning at once) in the same run, on the same Redis, with the same
 * concurrency. Each side: N jobs enqueued at once, timed until the last one completed. Median of 3.
 * Prints figures; never fails on time. Run: npx tsx workers/bench/jobs.bench.ts (or `npm run bench`).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { jobQueuePrefix } from '@onair/protocol';
import { BullJobQueue } from '@onair/api/jobs';
import { startBullWorkers } from '../src/bull.ts';
import { median } from '../../test-support/stats.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
/** The workers' default (WORKER_CONCURRENCY=2) and a wide setting. */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '2,50').split(',').map(Number);
const ROUNDS = 3;
const PAYLOAD = { text: 'A no-op job: the handler returns at once.' };

async function dropKeys(prefix: string) {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

function allCompleted(workers: Worker[], count: number): Promise<void> {
  return new Promise((resolve) => {
    let done = 0;
    for (const w of workers) w.on('completed', () => ++done === count && resolve());
  });
}

async function bareBullmq(concurrency: number): Promise<number> {
  const prefix = `bench-bare-${randomUUID()}`;
  const connection = { url: REDIS_URL, maxRetriesPerRequest: null };
  const queue = new Queue('summary', { connection, prefix });
  const worker = new Worker('summary', async () => ({ summary: '' }), { connection, prefix, concurrency });
  await Promise.all([queue.waitUntilReady(), worker.waitUntilReady()]);
  const finished = allCompleted([worker], JOBS);
  const start = performance.now();
  await Promise.all(Array.from({ length: JOBS }, (_, i) => queue.add('summary', { payload: PAYLOAD, userId: null }, { jobId: `bare-${i}` })));
  await finished;
  const seconds = (performance.now() - start) / 1000;
  await Promise.all([worker.close(), queue.close()]);
  await dropKeys(prefix);
  return JOBS / seconds;
}

async function onairLayer(concurrency: number): Promise<number> {
  const prefix = jobQueuePrefix(`bench-onair-${randomUUID()}:`);
  const queue = await BullJobQueue.connect({ redisUrl: REDIS_URL, prefix });
  const workers = await startBullWorkers({ redisUrl: REDIS_URL, prefix, handler: async () => ({ summary: '' }), concurrency, names: ['summary'] });
  const finished = allCompleted(workers.workers, JOBS);
  const start = performance.now();
  await Promise.all(Array.from({ length: JOBS }, () => queue.enqueue('summary', PAYLOAD, { userId: null })));
  await finished;
  const seconds = (performance.now() - start) / 1000;
  await workers.close();
  await queue.close();
  await dropKeys(prefix);
  return JOBS / seconds;
}


for (const concurrency of CONCURRENCIES) {
  const bare: number[] = [];
  const onair: number[] = [];
  // Alternate the two so that a noisy neighbour hurts both alike.
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(await bareBullmq(concurrency));
    onair.push(await onairLayer(concurrency));
  }
  console.log(
    `jobs: ${JOBS} no-op jobs, concurrency ${concurrency}, median of ${ROUNDS}: OnAir layer ${median(onair).toFixed(0)} jobs/s | bare BullMQ ${median(bare).toFixed(0)} jobs/s | ratio ${(median(onair) / median(bare)).toFixed(2)}`,
  );
}
process.exit(0);
