/**
 * The worker process's configuration, from the same environment variables as the API (README's
 * configuration table), so one environment file serves both roles.
 */
import path from 'node:path';
import { z } from 'zod';

const EnvSchema = z.object({
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('onair:'),
  TRANSLATE_URL: z.string().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
});

export interface WorkerConfig {
  databaseUrl: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  translateUrl: string | undefined;
  translateApiKey: string | undefined;
  /** Jobs one worker process runs at once, per queue. */
  concurrency: number;
  /**
   * How long a job's lock lasts without renewal. A worker that dies mid-job (SIGKILL, a lost machine)
   * stops renewing; after this long the job is handed to another worker.
   */
  lockMs: number;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    databaseUrl: e.DATABASE_URL ?? path.join(path.resolve(e.DATA_DIR), 'onair.db'),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    translateUrl: e.TRANSLATE_URL || undefined,
    translateApiKey: e.TRANSLATE_API_KEY || undefined,
    concurrency: e.WORKER_CONCURRENCY,
    lockMs: e.JOBS_LOCK_MS,
  };
}
