/**
 * The job queue seen by the API: enqueue, await a result, read a job's state, and one stream of
 * progress/done/failed events. Two drivers implement it: inline (in-process, the embedded default)
 * and BullMQ (Redis, workers in their own processes).
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { isQueuedJobName, type EnginesReport, type JobPayload, type LanguageCode, type QueuedJobName } from '@onair/protocol';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/dialect.ts';

export type JobEventType = 'progress' | 'done' | 'failed';

/**
 * One fact about a job. With BullMQ every API node receives every event (through QueueEvents), so a
 * relay to sockets must emit to its own node's sockets only (`io.local`), or users get one copy per node.
 */
export interface JobEvent {
  type: JobEventType;
  jobId: string;
  name: QueuedJobName;
  /** Who started it; null for system jobs (the repeatable recommendations refresh). */
  userId: number | null;
  /** 0..100, on progress and done events. */
  progress?: number;
  message?: string;
  result?: unknown;
  error?: string;
  /** On done and failed: milliseconds from enqueue to finish, when the driver knows when it was queued. */
  elapsedMs?: number;
  /**
   * On done and failed: the content item the job worked on, when its payload names one (media,
   * transcripts, translation), so listeners can tell that item's viewers without knowing the job.
   */
  contentId?: number;
}

/** `{ contentId }` when a job's payload names an item, else nothing: spread into a done or failed event. */
export function subjectOf(payload: unknown): { contentId?: number } {
  const contentId = typeof payload === 'object' && payload !== null ? (payload as { contentId?: unknown }).contentId : undefined;
  return typeof contentId === 'number' ? { contentId } : {};
}

export type JobEventListener = (event: JobEvent) => void;

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatusRecord {
  id: string;
  name: QueuedJobName;
  userId: number | null;
  state: JobState;
  progress: number;
  message: string;
  result?: unknown;
  error?: string;
}

/** Jobs of one queue by state, for /metrics. */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface EnqueueOptions {
  userId: number | null;
}

export interface JobQueue {
  readonly driver: 'inline' | 'bullmq';
  /** Validates the payload against the job's protocol schema and queues it; answers the job id. */
  enqueue<N extends QueuedJobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions): Promise<string>;
  /** The job's result; rejects with JobFailedError, or JobTimeoutError after `timeoutMs`. */
  waitForResult<R = unknown>(jobId: string, timeoutMs: number): Promise<R>;
  getJob(jobId: string): Promise<JobStatusRecord | null>;
  /** Subscribes to every job event; answers the unsubscribe function. */
  onEvent(listener: JobEventListener): () => void;
  /** Runs a system job every `everyMs` (one schedule per name, shared by every node). */
  schedule<N extends QueuedJobName>(name: N, payload: JobPayload<N>, everyMs: number): Promise<void>;
  /** How many workers are taking jobs; null when the driver cannot tell. */
  workerCount(): Promise<number | null>;
  /** How many jobs each queue holds by state. */
  counts(): Promise<Map<QueuedJobName, JobCounts>>;
  close(): Promise<void>;
}

/**
 * What a driver hands the code that runs a job, and the runner itself: the contract lives in
 * protocol; the workers package implements it.
 */
export type { JobHandler, RunContext } from '@onair/protocol';

/** What the API asks of the translation engines: can a pair be done here, and the engines report. */
export interface TranslationEngineInfo {
  plan(source: LanguageCode, target: LanguageCode): Promise<{ engine: 'apertium' | 'libretranslate'; route: LanguageCode[] } | null>;
  missing(source: LanguageCode, target: LanguageCode): Promise<string>;
  report(): Promise<EnginesReport>;
  /** The report as one line for the start-up log. */
  describe(report: EnginesReport): string;
}

/** The job queue and engines one API process uses, built by its entry point (the API does not own the processors). */
export interface JobsRuntime {
  queue: JobQueue;
  engines: TranslationEngineInfo;
  close(): Promise<void>;
}

/**
 * Builds the jobs runtime once the server's logger exists. Entry points pass the workers package's
 * `composeJobs`; the server calls it while it starts and closes the runtime with the app.
 */
export type JobsRuntimeFactory = (ctx: { config: AppConfig; db: Db; log: FastifyBaseLogger }) => Promise<JobsRuntime>;

/**
 * Subscribes `listener` to a driver's job events so that a listener's bug cannot stop the job or
 * the other listeners. Returns the unsubscribe function.
 */
export function subscribeSafely(events: EventEmitter, listener: JobEventListener): () => void {
  const safe = (event: JobEvent) => {
    try {
      listener(event);
    } catch {
      // Swallowed on purpose: the emitter would otherwise stop calling the listeners after this one.
    }
  };
  events.on('job', safe);
  return () => events.off('job', safe);
}

export class JobFailedError extends Error {
  constructor(
    readonly jobId: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobFailedError';
  }
}

export class JobTimeoutError extends Error {
  constructor(
    readonly jobId: string,
    readonly timeoutMs: number,
  ) {
    super(`Job ${jobId} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    this.name = 'JobTimeoutError';
  }
}

/** Retries: 3 attempts, 1 s then 2 s apart (exponential), in both drivers. */
export const JOB_ATTEMPTS = 3;
export const JOB_BACKOFF_MS = 1000;

/** A new job id: the job name, a dash, a random UUID (BullMQ forbids ':' in custom ids). */
export function newJobId(name: QueuedJobName): string {
  return `${name}-${randomUUID()}`;
}

/** Job ids carry their job name, so a status lookup knows the queue without a scan. */
export function jobNameOf(jobId: string): QueuedJobName | undefined {
  const dash = jobId.indexOf('-');
  const name = dash > 0 ? jobId.slice(0, dash) : '';
  return isQueuedJobName(name) ? name : undefined;
}

/** True for errors a retry cannot fix (bad input, a missing engine): the job fails at once. */
export function isPermanentError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { permanent?: unknown }).permanent === true;
}
