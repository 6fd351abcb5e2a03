/**
 * Configuration from the environment. Every knob the README documents is read here and nowhere else,
 * so the rest of the server receives a typed, validated object.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('onair:'),
  NODE_ID: z.string().optional(),
  SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  CREATOR_SELF_SERVE: booleanFlag.optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.optional(),
  COUNTRY_HEADER: z.string().trim().toLowerCase().optional(),
  WEB_DIST: z.string().default('dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRANSLATE_URL: z.string().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  JOBS_INLINE_WORKERS: booleanFlag.optional(),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  VOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
});

export interface AppConfig {
  nodeEnv: string;
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** `file:`/plain path for SQLite, `postgres://` for Postgres. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, stream and channel: several deployments (or test runs) can share a server. */
  redisPrefix: string;
  /** Names this API process among its peers (presence, health); defaults to host and pid. */
  nodeId: string;
  sessionSecret: string;
  seedDemo: boolean;
  creatorSelfServe: boolean;
  cookieSecure: boolean;
  trustProxy: boolean;
  /** A request header in which the reverse proxy or CDN puts the client's country (GeoIP); null when none. */
  countryHeader: string | null;
  webDist: string;
  logLevel: string;
  translateUrl: string | undefined;
  /** Sent as `api_key` to the LibreTranslate server, when it requires one. */
  translateApiKey: string | undefined;
  /** With REDIS_URL: also run BullMQ workers inside this API process (no `npm run workers` needed). */
  jobsInlineWorkers: boolean;
  /** Chat messages one user may send per 10 seconds. */
  chatRateLimit: number;
  /** Votes one user may cast per 10 seconds. */
  voteRateLimit: number;
}

/**
 * Without SESSION_SECRET, development keeps a generated secret in the data directory so that sessions
 * survive a restart. Production refuses to start without one: a secret on disk is not a deployment.
 */
function resolveSessionSecret(given: string | undefined, dataDir: string, production: boolean): string {
  if (given) return given;
  if (production) throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? path.join(dataDir, 'onair.db'),
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    nodeId: e.NODE_ID ?? `${os.hostname()}:${process.pid}`,
    sessionSecret: resolveSessionSecret(e.SESSION_SECRET, dataDir, production),
    seedDemo: e.SEED_DEMO ?? !production,
    creatorSelfServe: e.CREATOR_SELF_SERVE ?? true,
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY ?? false,
    countryHeader: e.COUNTRY_HEADER || null,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    translateUrl: e.TRANSLATE_URL || undefined,
    translateApiKey: e.TRANSLATE_API_KEY || undefined,
    jobsInlineWorkers: e.JOBS_INLINE_WORKERS ?? false,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    voteRateLimit: e.VOTE_RATE_LIMIT,
  };
}
