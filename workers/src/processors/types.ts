import type { Db } from '@onair/api/db';
import type { JobPayload, JobResult, QueuedJobName } from '@onair/protocol';
import type { TranslationEngines } from '../engines/translation/index.ts';
import type { MediaTools } from '../engines/media/index.ts';
import type { TranscriptionEngines } from '../engines/transcription/index.ts';
import type { SyndicationSettings } from '../engines/syndication/index.ts';

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
  /** MEDIA_DIR and the ffmpeg binaries; absent where no media job is expected (some tests). */
  media?: MediaTools;
  /** Absent where a test composes only the engines it needs. */
  syndication?: SyndicationSettings;
  /** Speech to text; absent where a test composes only the engines it needs. */
  transcription?: TranscriptionEngines;
}

/**
 * A processor: payload in, result out. It must be idempotent: a retry after a crash may run it again
 * for the same job id, and must not write a second row.
 */
export type Processor<N extends QueuedJobName> = (payload: JobPayload<N>, ctx: JobContext) => Promise<JobResult<N>>;
