/**
 * The API process: configuration → database (migrated, demo-seeded when on) → server → listen.
 * The entry point (`scripts/api.ts`) hands in the jobs runtime, which the workers package composes.
 * With API_PROCESSES above 1 the first process becomes the cluster's primary (cluster-primary.ts): it
 * prepares the database and forks the API processes, which then skip that step.
 */
import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import { runClusterPrimary } from './cluster-primary.ts';
import { loadConfig, type AppConfig } from './config.ts';
import { checkRedisReachable, migrateToLatest, openDatabase, RedisUnreachableError, type Db } from './db/index.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedDemoMedia } from './modules/media/demo-media.ts';
import type { JobsRuntimeFactory } from './jobs/types.ts';
import { buildServer } from './server.ts';

/** Migrations, then the demo seed when it is on; returns the migrations applied. */
async function prepareDatabase(db: Db, config: AppConfig): Promise<string[]> {
  const applied = await migrateToLatest(db);
  if (config.seedDemo) {
    const result = await seedDemo(db.kysely);
    if (result.seeded) console.log(`Demo data seeded: ${result.users} users, ${result.content} items, ${result.viewEvents} view events`);
  }
  return applied;
}

async function serve(config: AppConfig, jobs: JobsRuntimeFactory) {
  const db = openDatabase(config.databaseUrl, { backgroundCheckpoints: true });
  // A cluster's workers find the database already prepared by the primary.
  const applied = cluster.isWorker ? [] : await prepareDatabase(db, config);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: null }) : null;
  const app = await buildServer(config, { db, redis, jobs });
  if (applied.length) app.log.info({ applied }, 'migrations applied');

  let closing = false;
  // Ctrl-C reaches a cluster's workers twice: from the terminal and from the primary.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await db.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // After listening, in the background: the demo's clips take ffmpeg a few seconds each. One process
  // makes them: the one that seeded, or a cluster's first worker.
  if (config.seedDemoMedia && (!cluster.isWorker || cluster.worker?.id === 1)) {
    seedDemoMedia(app).then(
      ({ queued }) => queued.length > 0 && app.log.info({ items: queued.map((clip) => clip.contentId) }, 'demo clips queued'),
      (error: unknown) => app.log.warn({ err: error }, 'demo clips not made'),
    );
  }
}

async function main(jobs: JobsRuntimeFactory) {
  const config = loadConfig();
  // Fail in one line, within seconds, when REDIS_URL points at nothing (or wait, with REDIS_WAIT).
  if (config.redisUrl && !cluster.isWorker) await checkRedisReachable(config.redisUrl, { wait: config.redisWait });
  if (config.apiProcesses > 1 && cluster.isPrimary) {
    const db = openDatabase(config.databaseUrl);
    await prepareDatabase(db, config).finally(() => db.close());
    await runClusterPrimary(config);
  } else {
    await serve(config, jobs);
  }
}

/** Runs the API process until a signal; exits with 1 (one line for what an operator can fix) when it cannot start. */
export function startApi(jobs: JobsRuntimeFactory): void {
  main(jobs).catch((error: unknown) => {
    // What an operator can fix (configuration, an unreachable service) reads as one line, not a stack.
    const oneLine = error instanceof RedisUnreachableError || (error instanceof Error && error.message.startsWith('Invalid configuration'));
    console.error(oneLine ? `onair: ${error.message}` : error);
    process.exit(1);
  });
}
