/**
 * The worker process's configuration, from the same environment variables as the API (README's
 * configuration table), so one environment file serves both roles.
 */
import path from 'node:path';
import { z } from 'zod';
import { parsePingUrls, type SyndicationSettings } from './engines/syndication/index.ts';

const EnvSchema = z.object({
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('onair:'),
  TRANSLATE_URL: z.string().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  TRANSCRIBE_URL: z.string().optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  MEDIA_DIR: z.string().optional(),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().optional(),
  PODCAST_PING_URLS: z.string().optional(),
  REDIS_WAIT: z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).optional(),
});

export interface WorkerConfig {
  databaseUrl: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  translateUrl: string | undefined;
  translateApiKey: string | undefined;
  transcribeUrl: string | undefined;
  transcribeApiKey: string | undefined;
  transcribeModel: string | undefined;
  /** Jobs one worker process runs at once, per queue. */
  concurrency: number;
  /**
   * How long a job's lock lasts without renewal. A worker that dies mid-job (SIGKILL, a lost machine)
   * stops renewing; after this long the job is handed to another worker.
   */
  lockMs: number;
  /** Where uploads, recordings and on-demand files live: the same folder the API serves at /media/. */
  mediaDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** Syndication: media files, the public base URL of feeds and enclosures, ffprobe, ping endpoints. */
  syndication: SyndicationSettings;
  /** At start, keep retrying an unreachable Redis (one line per attempt) instead of exiting. */
  redisWait: boolean;
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
    transcribeUrl: e.TRANSCRIBE_URL || undefined,
    transcribeApiKey: e.TRANSCRIBE_API_KEY || undefined,
    transcribeModel: e.TRANSCRIBE_MODEL || undefined,
    concurrency: e.WORKER_CONCURRENCY,
    lockMs: e.JOBS_LOCK_MS,
    // The API's default: `media` inside DATA_DIR.
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(path.resolve(e.DATA_DIR), 'media')),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    syndication: {
      mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(path.resolve(e.DATA_DIR), 'media')),
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
      ffprobePath: e.FFPROBE_PATH,
      pingUrls: parsePingUrls(e.PODCAST_PING_URLS),
    },
    redisWait: ['true', '1', 'yes', 'on'].includes(e.REDIS_WAIT ?? 'false'),
  };
}
