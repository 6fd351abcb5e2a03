/**
 * The inline driver, the embedded default: jobs run in this process, asynchronously (never inside the
 * request that enqueued them), through the same handler and processors as the BullMQ workers, with the
 * same retries and the same progress events. Finished jobs are remembered for an hour so that
 * GET /api/jobs/:id can answer after the fact.
 */
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { JOB_SCHEMAS, type JobPayload, type QueuedJobName } from '@onair/protocol';
import {
  isPermanentError,
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobFailedError,
  JobTimeoutError,
  newJobId,
  subjectOf,
  subscribeSafely,
  type EnqueueOptions,
  type JobCounts,
  type JobEvent,
  type JobEventListener,
  type JobHandler,
  type JobQueue,
  type JobStatusRecord,
} from './types.ts';

export interface InlineQueueOptions {
  /** Jobs running at once; the rest wait their turn (CPU-heavy engines share the API's event loop). */
  concurrency?: number;
  attempts?: number;
  backoffMs?: number;
  /** How long finished jobs stay readable. */
  keepFinishedMs?: number;
  /** Called when a job fails for good (the API logs it). */
  onFailure?: (jobId: string, error: unknown) => void;
}

interface InlineJob extends JobStatusRecord {
  payload: unknown;
  enqueuedAt: number;
  finishedAt: number | null;
}

export class InlineJobQueue implements JobQueue {
  readonly driver = 'inline' as const;
  private readonly jobs = new Map<string, InlineJob>();
  private readonly events = new EventEmitter();
  private readonly waiting: string[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private active = 0;
  private closed = false;
  private readonly concurrency: number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly keepFinishedMs: number;

  constructor(
    private readonly handler: JobHandler,
    private readonly options: InlineQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.attempts = options.attempts ?? JOB_ATTEMPTS;
    this.backoffMs = options.backoffMs ?? JOB_BACKOFF_MS;
    this.keepFinishedMs = options.keepFinishedMs ?? 3600_000;
    // Every API module may listen; the default limit of 10 would warn about a leak that is not one.
    this.events.setMaxListeners(0);
  }

  async enqueue<N extends QueuedJobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions): Promise<string> {
    if (this.closed) throw new Error('The job queue is closed');
    const parsed = JOB_SCHEMAS[name].payload.parse(payload);
    const id = newJobId(name);
    this.jobs.set(id, { id, name, userId: options.userId, state: 'waiting', progress: 0, message: 'Queued', payload: parsed, enqueuedAt: Date.now(), finishedAt: null });
    this.waiting.push(id);
    this.prune();
    // Start on a later tick: the caller gets its id (and can subscribe) before anything happens.
    setImmediate(() => this.pump());
    return id;
  }

  async waitForResult<R = unknown>(jobId: string, timeoutMs: number): Promise<R> {
    const job = this.jobs.get(jobId);
    if (!job) throw new JobFailedError(jobId, 'No such job');
    if (job.state === 'completed') return job.result as R;
    if (job.state === 'failed') throw new JobFailedError(jobId, job.error ?? 'Job failed');
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new JobTimeoutError(jobId, timeoutMs));
      }, timeoutMs);
      const off = this.onEvent((event) => {
        if (event.jobId !== jobId || event.type === 'progress') return;
        clearTimeout(timer);
        off();
        if (event.type === 'done') resolve(event.result as R);
        else reject(new JobFailedError(jobId, event.error ?? 'Job failed'));
      });
    });
  }

  async getJob(jobId: string): Promise<JobStatusRecord | null> {
    const job = this.jobs.get(jobId);
    if (!job) return null;
    const { payload: _payload, enqueuedAt: _enqueuedAt, finishedAt: _finishedAt, ...status } = job;
    return status;
  }

  onEvent(listener: JobEventListener): () => void {
    return subscribeSafely(this.events, listener);
  }

  async schedule<N extends QueuedJobName>(name: N, payload: JobPayload<N>, everyMs: number): Promise<void> {
    const timer = setInterval(() => void this.enqueue(name, payload, { userId: null }).catch(() => undefined), everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  async workerCount(): Promise<number> {
    return this.closed ? 0 : 1;
  }

  async counts(): Promise<Map<QueuedJobName, JobCounts>> {
    const counts = new Map<QueuedJobName, JobCounts>();
    for (const job of this.jobs.values()) {
      const c = counts.get(job.name) ?? { waiting: 0, active: 0, delayed: 0, failed: 0 };
      // A job between attempts sits in `waiting` here; BullMQ would call it delayed.
      if (job.state === 'waiting' || job.state === 'active' || job.state === 'failed') c[job.state] += 1;
      counts.set(job.name, c);
    }
    return counts;
  }

  /** Stops taking jobs and waits (a few seconds at most) for the running ones, which use the database. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    this.waiting.length = 0;
    await Promise.race([Promise.allSettled([...this.running]), sleep(5000)]);
  }

  private emit(event: JobEvent) {
    this.events.emit('job', event);
  }

  private pump() {
    while (!this.closed && this.active < this.concurrency && this.waiting.length > 0) {
      const id = this.waiting.shift()!;
      const job = this.jobs.get(id);
      if (!job) continue;
      this.active += 1;
      const run = this.run(job).finally(() => {
        this.active -= 1;
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run(job: InlineJob): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      job.state = 'active';
      try {
        const result = await this.handler(job.name, job.payload, {
          jobId: job.id,
          userId: job.userId,
          attempt,
          progress: async (percent, message) => {
            job.progress = Math.max(0, Math.min(100, percent));
            job.message = message;
            this.emit({ type: 'progress', jobId: job.id, name: job.name, userId: job.userId, progress: job.progress, message });
          },
        });
        Object.assign(job, { state: 'completed', progress: 100, message: 'Done', result, finishedAt: Date.now() });
        this.emit({ type: 'done', jobId: job.id, name: job.name, userId: job.userId, progress: 100, result, elapsedMs: job.finishedAt! - job.enqueuedAt, ...subjectOf(job.payload) });
        return;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isPermanentError(error) || attempt >= this.attempts || this.closed) {
          Object.assign(job, { state: 'failed', error: message, message, finishedAt: Date.now() });
          this.options.onFailure?.(job.id, error);
          this.emit({ type: 'failed', jobId: job.id, name: job.name, userId: job.userId, error: message, elapsedMs: job.finishedAt! - job.enqueuedAt, ...subjectOf(job.payload) });
          return;
        }
        job.state = 'waiting';
        job.message = `Retrying after an error: ${message}`;
        await sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }

  private prune() {
    const cutoff = Date.now() - this.keepFinishedMs;
    for (const [id, job] of this.jobs) if (job.finishedAt !== null && job.finishedAt < cutoff) this.jobs.delete(id);
  }
}
