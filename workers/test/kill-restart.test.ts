/**
 * A worker process killed (SIGKILL) in the middle of a translation job, then a new worker started: the
 * job finishes exactly once and writes exactly one row. Real Redis, real worker processes
 * (`workers/src/main.ts`, as `npm run workers` starts them), real Apertium, a SQLite file both share.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueuePrefix, TranslationJobResultSchema } from '@onair/protocol';
import { BullJobQueue } from '../../api/src/jobs/bullmq.ts';
import type { JobEvent } from '../../api/src/jobs/types.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.ts';
import { REPO_ROOT } from '../../test-support/processes.ts';
import { insertCreatorWithItem } from './support/data.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { apertiumInstalled } from '../../test-support/engines.ts';

const ready = (await redisAvailable()) && apertiumInstalled();

interface WorkerProcess {
  child: ChildProcess;
  output(): string;
}

async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'workers/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 30_000;
  while (!output.includes('Workers ready')) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, output: () => output };
}

function stop(worker: WorkerProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return resolve();
    worker.child.once('exit', () => resolve());
    worker.child.kill(signal);
  });
}

/** About 15,000 characters in 60 paragraphs: ten pieces, each through two Apertium modes (en→es→fr). */
const LONG_TEXT = Array.from(
  { length: 60 },
  (_, i) => `Paragraph ${i + 1}. The festival brings music and dancing to the city every summer, and the house is full of friends who sing until late at night.`,
).join('\n\n');

describe.runIf(ready)('a worker killed mid-job', () => {
  const redisPrefix = uniquePrefix('kill');
  let database: TestDatabase;
  let queue: BullJobQueue;
  let first: WorkerProcess | undefined;
  let second: WorkerProcess | undefined;
  let contentId: number;
  let userId: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const k = database.db.kysely;
    ({ userId, contentId } = await insertCreatorWithItem(k, { title: 'Summer Festival', type: 'radio', category: 'music', status: 'published', durationSeconds: 3600 }));
    queue = await BullJobQueue.connect({ redisUrl: TEST_REDIS_URL, prefix: jobQueuePrefix(redisPrefix) });
    // A short lock, so the killed worker's job is handed on after 2 s rather than 30 s.
    env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix, JOBS_LOCK_MS: '2000', WORKER_CONCURRENCY: '1' };
  });

  afterAll(async () => {
    await stop(first, 'SIGKILL');
    await stop(second, 'SIGTERM');
    await queue?.close();
    await clearPrefix(redisPrefix);
    await database?.destroy();
  });

  it('finishes the job once, with one translation row, after a restart', async () => {
    const events: JobEvent[] = [];
    queue.onEvent((e) => events.push(e));
    first = await startWorker(env);
    const jobId = await queue.enqueue('translation', { contentId, text: LONG_TEXT, sourceLanguage: 'en', targetLanguage: 'fr' }, { userId });
    const mine = () => events.filter((e) => e.jobId === jobId);

    // Kill as soon as the worker is translating (title done, ten pieces to go).
    const deadline = Date.now() + 30_000;
    while (!mine().some((e) => e.type === 'progress' && /Translated/.test(e.message ?? ''))) {
      if (Date.now() > deadline) throw new Error(`no progress from the worker:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    await stop(first, 'SIGKILL');
    expect(mine().some((e) => e.type === 'done' || e.type === 'failed')).toBe(false);
    expect((await queue.getJob(jobId))?.state).toBe('active');
    expect(await database.db.kysely.selectFrom('translations').select('id').where('jobId', '=', jobId).execute()).toEqual([]);

    second = await startWorker(env);
    const result = TranslationJobResultSchema.parse(await queue.waitForResult(jobId, 60_000));
    // Let any stray duplicate event arrive before counting.
    await new Promise((r) => setTimeout(r, 500));

    expect(mine().filter((e) => e.type === 'done')).toHaveLength(1);
    expect(mine().filter((e) => e.type === 'failed')).toHaveLength(0);
    // It really ran twice: two starts, both reporting as the job's owner.
    expect(mine().filter((e) => e.type === 'progress' && /^Choosing an engine/.test(e.message ?? ''))).toHaveLength(2);
    expect(mine().every((e) => e.userId === userId)).toBe(true);
    const rows = await database.db.kysely.selectFrom('translations').selectAll().where('contentId', '=', contentId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: result.translationId, jobId, language: 'fr', aiGenerated: 1, engine: 'apertium', createdBy: userId });
    expect(rows[0]!.description!.split('\n\n')).toHaveLength(60);
    expect((await queue.getJob(jobId))?.state).toBe('completed');
  }, 120_000);
});
