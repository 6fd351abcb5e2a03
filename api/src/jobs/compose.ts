/**
 * Chooses and builds the job driver for this API process. Without REDIS_URL: the inline driver, which
 * runs the workers' processors here. With it: BullMQ, plus in-process BullMQ workers when
 * JOBS_INLINE_WORKERS is on (otherwise `npm run workers` must run somewhere).
 *
 * This is the one place where the API composes the workers package: the inline driver and the engines
 * report need the same processors and engines that the worker processes run.
 */
import type { FastifyBaseLogger } from 'fastify';
import { jobQueuePrefix, type EnginesReport, type LanguageCode } from '@onair/protocol';
import { createJobHandler, startBullWorkers, TranslationEngines } from '@onair/workers';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/dialect.ts';
import { BullJobQueue } from './bullmq.ts';
import { InlineJobQueue } from './inline.ts';
import type { JobQueue } from './types.ts';

/** What the API asks of the translation engines: can a pair be done here, and the engines report. */
export interface TranslationEngineInfo {
  plan(source: LanguageCode, target: LanguageCode): Promise<{ engine: 'apertium' | 'libretranslate'; route: LanguageCode[] } | null>;
  missing(source: LanguageCode, target: LanguageCode): Promise<string>;
  report(): Promise<EnginesReport>;
}

export interface JobsRuntime {
  queue: JobQueue;
  engines: TranslationEngineInfo;
  close(): Promise<void>;
}

export interface ComposeOptions {
  config: AppConfig;
  db: Db;
  log: FastifyBaseLogger;
  /** A queue built by the caller (tests); the runtime closes it with the app. */
  queue?: JobQueue | undefined;
}

export async function composeJobs({ config, db, log, queue }: ComposeOptions): Promise<JobsRuntime> {
  const engines = new TranslationEngines({ translateUrl: config.translateUrl, translateApiKey: config.translateApiKey });
  const handler = createJobHandler({ db, engines: { translation: engines } });
  const onFailure = (jobId: string, error: unknown) => log.warn({ jobId, err: error }, 'job failed');

  if (queue) return { queue, engines, close: () => queue.close() };

  if (!config.redisUrl) {
    const inline = new InlineJobQueue(handler, { onFailure });
    return { queue: inline, engines, close: () => inline.close() };
  }

  const prefix = jobQueuePrefix(config.redisPrefix);
  const bull = await BullJobQueue.connect({ redisUrl: config.redisUrl, prefix });
  const workers = config.jobsInlineWorkers
    ? await startBullWorkers({ redisUrl: config.redisUrl, prefix, handler, onFailed: (_name, jobId, error) => onFailure(jobId, error) })
    : null;
  if (!workers) log.info('Jobs go to BullMQ on Redis: run `npm run workers` (or set JOBS_INLINE_WORKERS=true) so that they are processed');
  return {
    queue: bull,
    engines,
    async close() {
      await workers?.close();
      await bull.close();
    },
  };
}
