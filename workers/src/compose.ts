/**
 * Chooses and builds the job driver for an API process. Without REDIS_URL: the inline driver, which
 * runs the workers' processors in that process. With it: BullMQ, plus in-process BullMQ workers when
 * JOBS_INLINE_WORKERS is on (otherwise `npm run workers` must run somewhere).
 *
 * It lives here, above the API in the package tree, because the inline driver and the engines report
 * need the same processors and engines that the worker processes run. Entry points (the API's start
 * script, test support) pass it to `buildServer` as `deps.jobs`.
 */
import { jobQueuePrefix } from '@onair/protocol';
import type { AppConfig } from '@onair/api';
import type { Db } from '@onair/api/db';
import { BullJobQueue, InlineJobQueue, type JobQueue, type JobsRuntime, type TranslationEngineInfo } from '@onair/api/jobs';
import { startBullWorkers } from './bull.ts';
import { describeReport, TranslationEngines } from './engines/translation/index.ts';
import { MediaTools } from './engines/media/index.ts';
import { TranscriptionEngines } from './engines/transcription/index.ts';
import { createJobHandler } from './runner.ts';

/** The part of the server's logger (pino) this uses. */
export interface JobsLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

export interface ComposeOptions {
  config: AppConfig;
  db: Db;
  log: JobsLog;
  /** A queue built by the caller (tests); the runtime closes it with the app. */
  queue?: JobQueue | undefined;
}

export async function composeJobs({ config, db, log, queue }: ComposeOptions): Promise<JobsRuntime> {
  const translation = new TranslationEngines({ translateUrl: config.translateUrl, translateApiKey: config.translateApiKey });
  const transcription = new TranscriptionEngines({ transcribeUrl: config.transcribeUrl, transcribeApiKey: config.transcribeApiKey, transcribeModel: config.transcribeModel });
  const engines: TranslationEngineInfo = {
    plan: (source, target) => translation.plan(source, target),
    missing: (source, target) => translation.missing(source, target),
    report: async () => ({ ...(await translation.report()), transcription: await transcription.report() }),
    describe: (report) => describeReport(report),
  };
  const media = new MediaTools({ mediaDir: config.mediaDir, ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const syndication = { mediaDir: config.mediaDir, publicUrl: config.publicUrl, ffprobePath: config.ffprobePath, pingUrls: config.podcastPingUrls };
  const handler = createJobHandler({ db, engines: { translation, media, syndication, transcription } });
  const onFailure = (jobId: string, error: unknown) => log.warn({ jobId, err: error }, 'job failed');

  if (queue) return { queue, engines, close: () => queue.close().finally(() => translation.close()) };

  if (!config.redisUrl) {
    const inline = new InlineJobQueue(handler, { onFailure });
    return { queue: inline, engines, close: () => inline.close().finally(() => translation.close()) };
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
      translation.close();
    },
  };
}
