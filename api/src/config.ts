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
  API_PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], { error: "API_PROCESSES must be a whole number of processes, or 'auto' for one per core" })
    .default(1),
  SESSION_SECRET: z.string().min(32, { error: 'SESSION_SECRET must be at least 32 characters' }).optional(),
  SEED_DEMO: booleanFlag.optional(),
  SEED_DEMO_MEDIA: booleanFlag.optional(),
  CREATOR_SELF_SERVE: booleanFlag.optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.optional(),
  COUNTRY_HEADER: z.string().trim().toLowerCase().optional(),
  WEB_DIST: z.string().default('dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRANSLATE_URL: z.string().optional(),
  TRANSLATE_API_KEY: z.string().optional(),
  TRANSCRIBE_URL: z.string().optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  TRANSCRIBE_MODEL: z.string().optional(),
  JOBS_INLINE_WORKERS: booleanFlag.optional(),
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
  VOTE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  MEDIA_DIR: z.string().optional(),
  RTMP_PORT: z.coerce.number().int().min(0).max(65535).default(1935),
  MEDIA_INGEST: booleanFlag.optional(),
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).default(2048),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  MEDIA_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  MEDIA_START_TIMEOUT_MS: z.coerce.number().int().min(0).default(600_000),
  MEDIA_LADDER: z.enum(['full', 'copy']).default('full'),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  MEMBERSHIP_RENEWAL_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  PUBLIC_URL: z.url({ error: 'PUBLIC_URL must be a URL such as https://onair.example.org' }).optional(),
  PODCAST_PING_URLS: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_FROM_NUMBER: z.string().optional(),
  AT_USERNAME: z.string().optional(),
  AT_API_KEY: z.string().optional(),
  SMS_KEYWORD: z.string().trim().toUpperCase().default('ONAIR'),
  ALEXA_SKILL_ID: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  RTMP_PUBLIC_URL: z.url({ error: 'RTMP_PUBLIC_URL must be a URL such as rtmp://tv.example.org/live' }).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  SOCKETS_PER_IP: z.coerce.number().int().min(1).default(50),
  SOCKETS_PER_USER: z.coerce.number().int().min(1).default(20),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  REDIS_WAIT: booleanFlag.optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_BATCH_WAIT_MS: z.coerce.number().int().min(0).default(20_000),
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
  /**
   * API processes `npm start` runs on PORT (node:cluster); above 1 they share chat, presence, counters and
   * jobs through Redis, so REDIS_URL is required. 'auto' is one per core.
   */
  apiProcesses: number;
  sessionSecret: string;
  seedDemo: boolean;
  /** With the demo seed: give its most-watched items short clips made by ffmpeg (modules/media/demo-media.ts). */
  seedDemoMedia: boolean;
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
  /** An OpenAI-compatible transcription server (POST /v1/audio/transcriptions); unset: PocketSphinx, English only. */
  transcribeUrl: string | undefined;
  transcribeApiKey: string | undefined;
  /** The `model` field sent to that server (default whisper-1). */
  transcribeModel: string | undefined;
  /** With REDIS_URL: also run BullMQ workers inside this API process (no `npm run workers` needed). */
  jobsInlineWorkers: boolean;
  /** Chat messages one user may send per 10 seconds. */
  chatRateLimit: number;
  /** Votes one user may cast per 10 seconds. */
  voteRateLimit: number;
  /** Where live segments, recordings, uploads and episode files live (served at /media/). */
  mediaDir: string;
  /** RTMP ingest port; 0 picks a free one (tests). */
  rtmpPort: number;
  /**
   * Run RTMP ingest and live packaging in this process. On by default (one machine, one command); off
   * on API nodes when a separate `npm run media` process takes live inputs.
   */
  mediaIngest: boolean;
  uploadMaxBytes: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** How long a broadcast waits for its encoder to reconnect before it ends. */
  mediaGraceMs: number;
  /** How long a started broadcast waits for its first encoder before it ends on its own; 0 waits until stopped. */
  mediaStartTimeoutMs: number;
  /** `full` encodes the adaptive ladder; `copy` passes the source through (least CPU). */
  mediaLadder: 'full' | 'copy';
  /** The platform's share of each payment to a creator, in percent. */
  platformFeePercent: number;
  /** With it, payments go through Stripe; without it, through the labelled test provider. */
  stripeSecretKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint (whsec_…): without it the webhook answers 404. */
  stripeWebhookSecret: string | undefined;
  /** How often the API looks for memberships and sponsorships due for their monthly charge. */
  renewalSweepMs: number;
  /**
   * Where people reach this deployment (no trailing slash): feed, cover and enclosure URLs, links in texts
   * and voice answers, the URL Twilio signs, and the origin trusted for state-changing requests.
   */
  publicUrl: string;
  /** Hub endpoints told about a published feed (`GET {url}?url={feed}`); empty: never call out. */
  podcastPingUrls: string[];
  /** Twilio SMS webhook: enabled when set (signature key). Account SID and number add outbound texts. */
  twilioAuthToken: string | undefined;
  twilioAccountSid: string | undefined;
  twilioFromNumber: string | undefined;
  /** Africa's Talking USSD: enabled when both are set. */
  atUsername: string | undefined;
  atApiKey: string | undefined;
  /** The word SMS commands start with (`ONAIR VOTE 2`). */
  smsKeyword: string;
  /** When set, Alexa requests for any other skill are refused. */
  alexaSkillId: string | undefined;
  /** Contact for push services (mailto: or https:), sent in the VAPID JWT. */
  vapidSubject: string;
  /** The ingest URL encoders push to, shown in the Studio; never taken from a request's Host. */
  rtmpPublicUrl: string;
  /** Origins allowed to change state (REST) and open sockets: PUBLIC_URL's (without it, this server's loopback names), ALLOWED_ORIGINS, and Vite's dev server in development. */
  allowedOrigins: string[];
  /** Open sockets one address / one account may hold on this node. */
  socketsPerIp: number;
  socketsPerUser: number;
  /** A request (headers and body) must arrive within this long, or the connection is closed. */
  requestTimeoutMs: number;
  /** At start, keep retrying an unreachable Redis (one log line per attempt) instead of exiting. */
  redisWait: boolean;
  /** Bearer token Prometheus presents to GET /metrics; without one, only loopback clients may scrape. */
  metricsToken: string | undefined;
  /** Outbound mail server (`smtp://user:pass@host:587`); without it mail is written to the log. */
  smtpUrl: string | undefined;
  /** The From of outbound mail. */
  mailFrom: string | undefined;
  /**
   * How long a request that mails many messages (an import's links) keeps starting new ones; the rest
   * are handed to the staff. Well under a proxy's usual 60 s answer timeout.
   */
  mailBatchWaitMs: number;
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

/** Several processes only with Redis: in memory, each would keep its own chat rooms, presence and jobs. */
function resolveApiProcesses(given: number | 'auto', redisUrl: string | undefined): number {
  const processes = given === 'auto' ? os.availableParallelism() : given;
  if (processes > 1 && !redisUrl) {
    throw new Error('Invalid configuration: API_PROCESSES: more than one process needs REDIS_URL (the processes share rooms, presence and jobs through Redis)');
  }
  return processes;
}

/** Without PUBLIC_URL: this machine as it listens (localhost when it listens on every interface). */
function defaultPublicUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/**
 * Without PUBLIC_URL, the loopback names of this very server on its port, by the address it listens
 * on: a page from any of them is this server, so trusting them opens nothing to another site, and
 * someone who opens http://127.0.0.1:3000 after `npm start` can sign in as they could at
 * http://localhost:3000 (the default origin alone refused them with a 403). A name the server does
 * not listen on (IPv6's loopback under the default 0.0.0.0) could be another program's, so it is left out.
 */
const LOOPBACK_NAMES_BY_HOST: Record<string, readonly string[]> = {
  '::': ['localhost', '127.0.0.1', '[::1]'],
  '0.0.0.0': ['localhost', '127.0.0.1'],
  '127.0.0.1': ['localhost', '127.0.0.1'],
  '::1': ['localhost', '[::1]'],
  localhost: ['localhost', '127.0.0.1', '[::1]'],
};

function loopbackOrigins(host: string, port: number): string[] {
  return (LOOPBACK_NAMES_BY_HOST[host] ?? []).map((name) => `http://${name}:${port}`);
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
    apiProcesses: resolveApiProcesses(e.API_PROCESSES, e.REDIS_URL),
    sessionSecret: resolveSessionSecret(e.SESSION_SECRET, dataDir, production),
    seedDemo: e.SEED_DEMO ?? !production,
    seedDemoMedia: (e.SEED_DEMO ?? !production) && (e.SEED_DEMO_MEDIA ?? true),
    creatorSelfServe: e.CREATOR_SELF_SERVE ?? true,
    cookieSecure: e.COOKIE_SECURE ?? production,
    trustProxy: e.TRUST_PROXY ?? false,
    countryHeader: e.COUNTRY_HEADER || null,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    translateUrl: e.TRANSLATE_URL || undefined,
    translateApiKey: e.TRANSLATE_API_KEY || undefined,
    transcribeUrl: e.TRANSCRIBE_URL || undefined,
    transcribeApiKey: e.TRANSCRIBE_API_KEY || undefined,
    transcribeModel: e.TRANSCRIBE_MODEL || undefined,
    jobsInlineWorkers: e.JOBS_INLINE_WORKERS ?? false,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    voteRateLimit: e.VOTE_RATE_LIMIT,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    rtmpPort: e.RTMP_PORT,
    mediaIngest: e.MEDIA_INGEST ?? !e.REDIS_URL,
    uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    mediaGraceMs: e.MEDIA_GRACE_MS,
    mediaStartTimeoutMs: e.MEDIA_START_TIMEOUT_MS,
    mediaLadder: e.MEDIA_LADDER,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    stripeSecretKey: e.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || undefined,
    renewalSweepMs: e.MEMBERSHIP_RENEWAL_SWEEP_MS,
    podcastPingUrls: (e.PODCAST_PING_URLS ?? '').split(/[\s,]+/).filter((u) => /^https?:\/\//.test(u)),
    twilioAuthToken: e.TWILIO_AUTH_TOKEN || undefined,
    twilioAccountSid: e.TWILIO_ACCOUNT_SID || undefined,
    twilioFromNumber: e.TWILIO_FROM_NUMBER || undefined,
    atUsername: e.AT_USERNAME || undefined,
    atApiKey: e.AT_API_KEY || undefined,
    smsKeyword: e.SMS_KEYWORD,
    alexaSkillId: e.ALEXA_SKILL_ID || undefined,
    vapidSubject: e.VAPID_SUBJECT || 'mailto:admin@localhost',
    ...publicAddresses(e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT), e.RTMP_PUBLIC_URL, e.RTMP_PORT),
    allowedOrigins: allowedOrigins(e.PUBLIC_URL ?? defaultPublicUrl(e.HOST, e.PORT), e.ALLOWED_ORIGINS, production, e.PUBLIC_URL ? [] : loopbackOrigins(e.HOST, e.PORT)),
    socketsPerIp: e.SOCKETS_PER_IP,
    socketsPerUser: e.SOCKETS_PER_USER,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    redisWait: e.REDIS_WAIT ?? false,
    metricsToken: e.METRICS_TOKEN || undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM || undefined,
    mailBatchWaitMs: e.MAIL_BATCH_WAIT_MS,
  };
}

/** Vite's dev server (`npm run dev`) proxies the API from another port. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
const DEFAULT_RTMP_PORT = 1935;

function publicAddresses(publicUrl: string, rtmpPublicUrl: string | undefined, rtmpPort: number) {
  const base = new URL(publicUrl);
  // URL.hostname keeps an IPv6 address's brackets. 1935 is RTMP's default port, so it is left out.
  const rtmp = rtmpPublicUrl ?? `rtmp://${base.hostname}${rtmpPort === DEFAULT_RTMP_PORT ? '' : `:${rtmpPort}`}/live`;
  return { publicUrl: base.href.replace(/\/+$/, ''), rtmpPublicUrl: rtmp.replace(/\/+$/, '') };
}

function allowedOrigins(publicUrl: string, extra: string | undefined, production: boolean, loopback: readonly string[]): string[] {
  const origins = new Set([new URL(publicUrl).origin, ...loopback]);
  for (const entry of (extra ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
    let origin: string;
    try {
      origin = new URL(entry).origin;
    } catch {
      throw new Error(`Invalid configuration: ALLOWED_ORIGINS: ${entry} is not an origin such as https://app.example.org`);
    }
    origins.add(origin);
  }
  if (!production) origins.add(VITE_DEV_ORIGIN);
  return [...origins];
}
