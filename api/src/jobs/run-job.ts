/**
 * Runs a job for a request that needs its result now: enqueue, await with a timeout, and turn the
 * ways it can go wrong into answers a person can act on.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { JobPayload, QueuedJobName } from '@onair/protocol';
import { HttpError } from '../http/errors.ts';
import { JobFailedError, JobTimeoutError } from './types.ts';

const noWorker = (label: string) =>
  new HttpError(503, `No job worker is running, so the ${label} was not made: start one with "npm run workers" (or set JOBS_INLINE_WORKERS=true)`);

export async function runJobAndWait<N extends QueuedJobName, S extends z.ZodType>(
  app: FastifyInstance,
  job: { name: N; payload: JobPayload<N>; userId: number | null; timeoutMs: number; label: string; result: S },
): Promise<z.output<S>> {
  // With no worker running the wait could only end in a timeout: say so at once, and enqueue nothing.
  if ((await app.jobs.workerCount()) === 0) throw noWorker(job.label);
  const jobId = await app.jobs.enqueue(job.name, job.payload, { userId: job.userId });
  try {
    return job.result.parse(await app.jobs.waitForResult(jobId, job.timeoutMs));
  } catch (error) {
    if (error instanceof JobTimeoutError) {
      const workers = await app.jobs.workerCount();
      if (workers === 0) {
        throw noWorker(job.label);
      }
      throw new HttpError(504, `The ${job.label} took longer than ${Math.round(job.timeoutMs / 1000)} s; please try again in a moment`);
    }
    if (error instanceof JobFailedError) throw new HttpError(502, `The ${job.label} failed: ${error.message}`);
    throw error;
  }
}
