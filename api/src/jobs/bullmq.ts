/**
 * The BullMQ driver (REDIS_URL set): one Queue per job name, and one QueueEvents per queue so that
 * progress and completion published by any worker process reach every API node. Workers are separate
 * processes (`npm run workers`, workers/src/main.ts), or run inside the API with JOBS_INLINE_WORKERS.
 */
import { EventEmitter } from 'node:events';
import { Job, Queue, QueueEvents } from 'bullmq';
import {
  JOB_SCHEMAS,
  QUEUED_JOB_NAMES,
  type JobPayload,
  type QueuedJobEnvelope as QueuedJobData,
  type QueuedJobName,
  type QueuedJobProgress,
} from '@onair/protocol';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobFailedError,
  JobTimeoutError,
  jobNameOf,
  newJobId,
  subjectOf,
  subscribeSafely,
  type EnqueueOptions,
  type JobCounts,
  type JobEvent,
  type JobEventListener,
  type JobQueue,
  type JobState,
  type JobStatusRecord,
} from './types.ts';

export interface BullQueueOptions {
  redisUrl: string;
  /** BullMQ key prefix (jobQueuePrefix of REDIS_PREFIX). */
  prefix: string;
  attempts?: number;
  backoffMs?: number;
}

const OWNER_CACHE_SIZE = 5000;

/** Who started a job and on which item, as its done and failed events carry them. */
interface JobOrigin {
  userId: number | null;
  contentId?: number;
  /** When this node queued it; absent for jobs queued elsewhere. */
  enqueuedAt?: number;
  elapsedMs?: number;
}

export class BullJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly queues = new Map<QueuedJobName, Queue<QueuedJobData>>();
  private readonly queueEvents = new Map<QueuedJobName, QueueEvents>();
  private readonly events = new EventEmitter();
  /**
   * Job id → owner, the item it works on and when this node queued it, so done/failed events need no
   * Redis round trip for jobs seen before.
   */
  private readonly owners = new Map<string, JobOrigin>();

  private constructor(private readonly options: BullQueueOptions) {
    this.events.setMaxListeners(0);
    const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
    for (const name of QUEUED_JOB_NAMES) {
      this.queues.set(name, new Queue<QueuedJobData>(name, { connection, prefix: options.prefix }));
      const qe = new QueueEvents(name, { connection, prefix: options.prefix });
      qe.on('progress', ({ jobId, data }) => {
        const p = data as Partial<QueuedJobProgress> | number;
        const progress = typeof p === 'number' ? p : Number(p.progress ?? 0);
        // The worker's progress names the owner; a bare number (a processor's own call) leaves it to what this node knows.
        const userId = typeof p === 'number' ? (this.owners.get(jobId)?.userId ?? null) : (p.userId ?? null);
        this.emit({ type: 'progress', jobId, name, userId, progress, message: typeof p === 'number' ? '' : String(p.message ?? '') });
      });
      qe.on('completed', ({ jobId, returnvalue }) => {
        void this.originOf(name, jobId).then((origin) => this.emit({ type: 'done', jobId, name, progress: 100, result: returnvalue, ...origin }));
      });
      qe.on('failed', ({ jobId, failedReason }) => {
        void this.originOf(name, jobId).then((origin) => this.emit({ type: 'failed', jobId, name, error: failedReason, ...origin }));
      });
      // Connection trouble is retried by ioredis; without a listener an 'error' event would crash the process.
      qe.on('error', () => undefined);
      this.queueEvents.set(name, qe);
    }
    for (const queue of this.queues.values()) queue.on('error', () => undefined);
  }

  /** Connects and waits until the event streams are read, so no event of a job enqueued next is missed. */
  static async connect(options: BullQueueOptions): Promise<BullJobQueue> {
    const queue = new BullJobQueue(options);
    await Promise.all([...queue.queues.values()].map((q) => q.waitUntilReady()));
    await Promise.all([...queue.queueEvents.values()].map((q) => q.waitUntilReady()));
    return queue;
  }

  async enqueue<N extends QueuedJobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions): Promise<string> {
    const parsed = JOB_SCHEMAS[name].payload.parse(payload);
    const jobId = newJobId(name);
    this.remember(jobId, { userId: options.userId, ...subjectOf(parsed) }, Date.now());
    await this.queue(name).add(name, { payload: parsed, userId: options.userId }, this.jobOptions(jobId));
    return jobId;
  }

  async waitForResult<R = unknown>(jobId: string, timeoutMs: number): Promise<R> {
    const name = jobNameOf(jobId);
    const job = name ? await Job.fromId<QueuedJobData, R>(this.queue(name), jobId) : undefined;
    if (!name || !job) throw new JobFailedError(jobId, 'No such job');
    try {
      return await job.waitUntilFinished(this.queueEvents.get(name)!, timeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // BullMQ's own wording for an elapsed ttl; anything else is the job's failure reason.
      if (/timed out before finishing/i.test(message)) throw new JobTimeoutError(jobId, timeoutMs);
      throw new JobFailedError(jobId, message);
    }
  }

  async getJob(jobId: string): Promise<JobStatusRecord | null> {
    const name = jobNameOf(jobId);
    if (!name) return null;
    const job = await Job.fromId<QueuedJobData>(this.queue(name), jobId);
    if (!job) return null;
    const raw = await job.getState();
    const state: JobState =
      raw === 'completed' ? 'completed' : raw === 'failed' ? 'failed' : raw === 'active' ? 'active' : 'waiting';
    const p = (typeof job.progress === 'object' && job.progress !== null ? job.progress : {}) as Partial<QueuedJobProgress>;
    const record: JobStatusRecord = {
      id: jobId,
      name,
      userId: job.data.userId,
      state,
      progress: state === 'completed' ? 100 : Number(p.progress ?? 0),
      message:
        state === 'completed'
          ? 'Done'
          : state === 'failed'
            ? job.failedReason
            : raw === 'delayed'
              ? `Retrying after an error: ${job.failedReason ?? ''}`.trim()
              : String(p.message ?? 'Queued'),
    };
    if (state === 'completed') record.result = job.returnvalue;
    if (state === 'failed') record.error = job.failedReason;
    return record;
  }

  onEvent(listener: JobEventListener): () => void {
    return subscribeSafely(this.events, listener);
  }

  async schedule<N extends QueuedJobName>(name: N, payload: JobPayload<N>, everyMs: number): Promise<void> {
    const parsed = JOB_SCHEMAS[name].payload.parse(payload);
    // A scheduler id, not a job id: every node upserts the same one, so there is one schedule in all.
    await this.queue(name).upsertJobScheduler(`${name}-every`, { every: everyMs }, {
      name,
      data: { payload: parsed, userId: null },
      opts: { attempts: this.options.attempts ?? JOB_ATTEMPTS, backoff: { type: 'exponential', delay: this.options.backoffMs ?? JOB_BACKOFF_MS }, removeOnComplete: { age: 3600, count: 100 }, removeOnFail: { age: 24 * 3600 } },
    });
  }

  async workerCount(): Promise<number | null> {
    try {
      const counts = await Promise.all([...this.queues.values()].map((q) => q.getWorkersCount()));
      return Math.max(...counts);
    } catch {
      // CLIENT LIST may be disabled on managed Redis: then we cannot tell.
      return null;
    }
  }

  async counts(): Promise<Map<QueuedJobName, JobCounts>> {
    const entries = await Promise.all(
      [...this.queues].map(async ([name, queue]) => {
        const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'prioritized', 'waiting-children');
        const counts: JobCounts = { waiting: (c.waiting ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0), active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 };
        return [name, counts] as const;
      }),
    );
    return new Map(entries);
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queueEvents.values()].map((q) => q.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
  }

  private queue(name: QueuedJobName): Queue<QueuedJobData> {
    return this.queues.get(name)!;
  }

  private jobOptions(jobId: string) {
    return {
      jobId,
      attempts: this.options.attempts ?? JOB_ATTEMPTS,
      backoff: { type: 'exponential' as const, delay: this.options.backoffMs ?? JOB_BACKOFF_MS },
      // Finished jobs stay readable for GET /api/jobs/:id for an hour (failed ones a day, for operators).
      removeOnComplete: { age: 3600, count: 5000 },
      removeOnFail: { age: 24 * 3600, count: 5000 },
    };
  }

  private emit(event: JobEvent) {
    this.events.emit('job', event);
  }

  private remember(jobId: string, origin: Omit<JobOrigin, 'elapsedMs'>, enqueuedAt?: number) {
    this.owners.set(jobId, enqueuedAt === undefined ? origin : { ...origin, enqueuedAt });
    if (this.owners.size > OWNER_CACHE_SIZE) this.owners.delete(this.owners.keys().next().value!);
  }

  /**
   * A finished job's owner and item, and its time from enqueue to now when known: from memory when this
   * node queued it, else from the job's data in Redis.
   */
  private async originOf(name: QueuedJobName, jobId: string): Promise<Omit<JobOrigin, 'enqueuedAt'>> {
    const known = this.owners.get(jobId);
    if (known) {
      const { enqueuedAt, ...origin } = known;
      return enqueuedAt === undefined ? origin : { ...origin, elapsedMs: Date.now() - enqueuedAt };
    }
    const job = await Job.fromId<QueuedJobData>(this.queue(name), jobId).catch(() => undefined);
    const origin = { userId: job?.data.userId ?? null, ...subjectOf(job?.data.payload) };
    this.remember(jobId, origin);
    return job?.timestamp ? { ...origin, elapsedMs: Math.max(0, (job.finishedOn ?? Date.now()) - job.timestamp) } : origin;
  }
}
