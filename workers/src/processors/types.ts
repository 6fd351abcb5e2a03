import type { Db } from '@onair/api/db';
import type { JobPayload, JobResult, QueuedJobName } from '@onair/protocol';
import type { TranslationEngines } from '../engines/translation/index.ts';

/** What a processor gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** Who started the job; null for system jobs. */
  userId: number | null;
  /** 1 for the first attempt; a retry after a crash or an error sees 2, 3. */
  attempt: number;
  /** Reports progress (0..100) with a sentence; it reaches the user as job:progress. */
  progress(percent: number, message: string): Promise<void>;
  /** The data layer. */
  db: Db;
  engines: WorkerEngines;
}

export interface WorkerEngines {
  translation: TranslationEngines;
}

/**
 * A processor: payload in, result out. It must be idempotent: a retry after a crash may run it again
 * for the same job id, and must not write a second row.
 */
export type Processor<N extends QueuedJobName> = (payload: JobPayload<N>, ctx: JobContext) => Promise<JobResult<N>>;
