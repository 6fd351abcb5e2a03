/**
 * `npm run workers`: the job workers as their own process. Needs REDIS_URL (the queues) and the same
 * DATABASE_URL and REDIS_PREFIX as the API. Run as many as you like; each takes jobs from every queue.
 */
import { checkRedisReachable, migrateToLatest, openDatabase, RedisUnreachableError } from '@onair/api/db';
import { jobQueuePrefix, QUEUED_JOB_NAMES } from '@onair/protocol';
import { startBullWorkers } from './bull.ts';
import { loadWorkerConfig } from './config.ts';
import { describeReport, TranslationEngines } from './engines/translation/index.ts';
import { createJobHandler } from './runner.ts';
import { MediaTools } from './engines/media/index.ts';
import { describeTranscription, TranscriptionEngines } from './engines/transcription/index.ts';

async function main() {
  const config = loadWorkerConfig();
  if (!config.redisUrl) {
    console.error('REDIS_URL is not set: without Redis the API runs jobs itself (the inline driver) and needs no worker process.');
    process.exit(1);
  }
  await checkRedisReachable(config.redisUrl, { wait: config.redisWait });
  const db = openDatabase(config.databaseUrl, { poolSize: config.concurrency * QUEUED_JOB_NAMES.length + 1, backgroundCheckpoints: true });
  // The API migrates at start too; running it here as well lets workers start first (the migrator locks).
  await migrateToLatest(db);
  const engines = {
    translation: new TranslationEngines({ translateUrl: config.translateUrl, translateApiKey: config.translateApiKey }),
    media: new MediaTools({ mediaDir: config.mediaDir, ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath }),
    syndication: config.syndication,
    transcription: new TranscriptionEngines({ transcribeUrl: config.transcribeUrl, transcribeApiKey: config.transcribeApiKey, transcribeModel: config.transcribeModel }),
  };
  const workers = await startBullWorkers({
    redisUrl: config.redisUrl,
    prefix: jobQueuePrefix(config.redisPrefix),
    handler: createJobHandler({ db, engines }),
    concurrency: config.concurrency,
    lockMs: config.lockMs,
    onFailed: (name, jobId, error) => console.warn(`job ${jobId} (${name}) failed: ${error.message}`),
  });
  console.log(`Workers ready: ${QUEUED_JOB_NAMES.join(', ')} (concurrency ${config.concurrency}, pid ${process.pid})`);
  void engines.translation.report().then((report) => console.log(describeReport(report)));
  void engines.transcription.report().then((report) => console.log(describeTranscription(report)));

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing running jobs, then exiting`);
    await workers.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof RedisUnreachableError ? `onair workers: ${error.message}` : error);
  process.exit(1);
});
