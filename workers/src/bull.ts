/**
 * BullMQ workers: one Worker per queue, each running jobs through the shared handler. Progress goes
 * to `job.updateProgress` with the owner's id, so QueueEvents on every API node can route it.
 *
 * Crash safety: a worker renews its job's lock while it runs. Killed mid-job, it stops renewing; once
 * the lock expires, the stalled-job check (on any live worker) puts the job back in the queue and it
 * runs again with the same id, which processors use to stay idempotent.
 */
import { UnrecoverableError, Worker } from 'bullmq';
import { QUEUED_JOB_NAMES, type QueuedJobEnvelope, type QueuedJobName, type QueuedJobProgress } from '@onair/protocol';
import type { JobHandler } from './runner.ts';

export interface BullWorkersOptions {
  redisUrl: string;
  /** BullMQ key prefix: jobQueuePrefix(REDIS_PREFIX), the same as the API's. */
  prefix: string;
  handler: JobHandler;
  concurrency?: number;
  /** Lock duration; the stalled check runs as often. */
  lockMs?: number;
  names?: readonly QueuedJobName[];
  onFailed?: (name: QueuedJobName, jobId: string, error: Error) => void;
}

export interface BullWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

export async function startBullWorkers(options: BullWorkersOptions): Promise<BullWorkers> {
  const lockMs = options.lockMs ?? 30_000;
  const workers = (options.names ?? QUEUED_JOB_NAMES).map((name) => {
    const worker = new Worker<QueuedJobEnvelope>(
      name,
      async (job) => {
        const { payload, userId } = job.data;
        try {
          return await options.handler(name, payload, {
            jobId: job.id!,
            userId,
            attempt: job.attemptsStarted,
            progress: (progress, message) => job.updateProgress({ progress, message, userId } satisfies QueuedJobProgress),
          });
        } catch (error) {
          // Permanent failures skip the remaining attempts.
          if ((error as { permanent?: unknown })?.permanent === true) throw new UnrecoverableError((error as Error).message);
          throw error;
        }
      },
      {
        connection: { url: options.redisUrl, maxRetriesPerRequest: null },
        prefix: options.prefix,
        concurrency: options.concurrency ?? 2,
        lockDuration: lockMs,
        stalledInterval: lockMs,
        // A job whose worker died twice is still worth a third try; beyond that it is failing workers.
        maxStalledCount: 2,
      },
    );
    worker.on('failed', (job, error) => {
      if (job) options.onFailed?.(name, job.id!, error);
    });
    // ioredis reconnects by itself; an unhandled 'error' event would crash the process instead.
    worker.on('error', () => undefined);
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  return {
    workers,
    async close() {
      await Promise.allSettled(workers.map((w) => w.close()));
    },
  };
}
