/**
 * Payload, progress and result schemas of every queued job, keyed by job name. The API validates a
 * payload before it enqueues; the worker validates it again before it runs and checks the result it
 * returns, so a queue written by an older or newer node cannot feed a processor garbage.
 */
import type { z } from 'zod';
import type { JobName } from '../jobs.ts';
import { JobProgressSchema } from './common.ts';
import { InsightsJobPayloadSchema, InsightsJobResultSchema } from './insights.ts';
import { RecommendationsJobPayloadSchema, RecommendationsJobResultSchema } from './recommendations.ts';
import { SummaryJobPayloadSchema, SummaryJobResultSchema } from './summary.ts';
import { TranslationJobPayloadSchema, TranslationJobResultSchema } from './translation.ts';
import { MediaJobPayloadSchema, MediaJobResultSchema } from './media.ts';
import { SyndicationJobPayloadSchema, SyndicationJobResultSchema } from './syndication.ts';
import { SubtitlesJobPayloadSchema, SubtitlesJobResultSchema, TranscriptJobPayloadSchema, TranscriptJobResultSchema } from './transcript.ts';

export * from './common.ts';
export * from './insights.ts';
export * from './recommendations.ts';
export * from './summary.ts';
export * from './translation.ts';
export * from './media.ts';
export * from './syndication.ts';
export * from './transcript.ts';

interface JobSchemaSet {
  payload: z.ZodType;
  progress: z.ZodType;
  result: z.ZodType;
}

export const JOB_SCHEMAS = {
  summary: { payload: SummaryJobPayloadSchema, progress: JobProgressSchema, result: SummaryJobResultSchema },
  translation: { payload: TranslationJobPayloadSchema, progress: JobProgressSchema, result: TranslationJobResultSchema },
  insights: { payload: InsightsJobPayloadSchema, progress: JobProgressSchema, result: InsightsJobResultSchema },
  recommendations: { payload: RecommendationsJobPayloadSchema, progress: JobProgressSchema, result: RecommendationsJobResultSchema },
  media: { payload: MediaJobPayloadSchema, progress: JobProgressSchema, result: MediaJobResultSchema },
  syndication: { payload: SyndicationJobPayloadSchema, progress: JobProgressSchema, result: SyndicationJobResultSchema },
  transcript: { payload: TranscriptJobPayloadSchema, progress: JobProgressSchema, result: TranscriptJobResultSchema },
  subtitles: { payload: SubtitlesJobPayloadSchema, progress: JobProgressSchema, result: SubtitlesJobResultSchema },
} as const satisfies Partial<Record<JobName, JobSchemaSet>>;

/** Jobs that have schemas and a processor (a subset of JOB_NAMES while later jobs are being built). */
export type QueuedJobName = keyof typeof JOB_SCHEMAS;
export const QUEUED_JOB_NAMES = Object.keys(JOB_SCHEMAS) as QueuedJobName[];
export type JobPayload<N extends QueuedJobName> = z.infer<(typeof JOB_SCHEMAS)[N]['payload']>;
export type JobResult<N extends QueuedJobName> = z.infer<(typeof JOB_SCHEMAS)[N]['result']>;

export function isQueuedJobName(name: string): name is QueuedJobName {
  return Object.hasOwn(JOB_SCHEMAS, name);
}

/**
 * The contract between a job driver and the code that runs jobs: the API's drivers (inline, BullMQ)
 * call a `JobHandler`; the workers package implements it. It lives here so that neither package needs
 * the other to agree on it.
 */
export interface RunContext {
  jobId: string;
  userId: number | null;
  /** 1 for the first attempt. */
  attempt: number;
  progress(percent: number, message: string): Promise<void>;
}

export type JobHandler = (name: QueuedJobName, payload: unknown, ctx: RunContext) => Promise<unknown>;
