/**
 * `npm run bench:media`: live media on this machine, against baselines from the same run.
 *  - time from publish to the first playable playlist;
 *  - live latency from EXT-X-PROGRAM-DATE-TIME: how old a segment's first frame is when the segment
 *    appears (the live edge), and glass-to-glass for a player holding hls.js's default three target
 *    durations behind the edge;
 *  - packager CPU per live stream, full ladder against copy-only (the baseline), as a ratio;
 *  - how many concurrent live streams one node packages while every packager keeps real time.
 * Inputs are ffmpeg's test source with a burned-in clock, pushed over RTMP as OBS would. It prints
 * figures and never fails on time.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { saveConfig } from '../src/modules/streaming/config.ts';
import { buildServer } from '../src/server.ts';
import { startEncoder, type Encoder } from '../test/support/live-media.ts';
import { fmt, processUsage } from './support.ts';
import type { FastifyInstance } from 'fastify';
import { composeJobs } from '../test/support/jobs.ts';

/** How long each measurement window lasts; encoders run until the bench stops them. */
const WINDOW_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 8);
const MAX_STREAMS = Number(process.env.BENCH_MEDIA_MAX_STREAMS ?? 6);
const SOURCE = { width: 1280, height: 720, fps: 30 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApp(ladder: 'full' | 'copy') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-media-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    DATABASE_URL: path.join(dir, 'bench.db'),
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    REDIS_URL: '',
    MEDIA_INGEST: 'true',
    RTMP_PORT: '0',
    MEDIA_LADDER: ladder,
    MEDIA_GRACE_MS: '500',
    HOST: '127.0.0.1',
    WEB_DIST: '/nonexistent',
  });
  const db = openDatabase(config.databaseUrl);
  await migrateToLatest(db);
  await seedDemo(db.kysely, { contentItems: 2, audienceSize: 2, viewEvents: 10, liveItems: 0, chatMessages: 0, polls: 0, questions: 0 });
  const app = await buildServer(config, { db, jobs: composeJobs });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A stream key for a new creator account, as the Studio would make one. */
async function newKey(app: FastifyInstance, n: number): Promise<string> {
  const db = app.db.kysely;
  const { id } = await db
    .insertInto('users')
    .values({ username: `bench${n}`, usernameKey: `bench${n}`, email: `bench${n}@example.test`, passwordHash: 'x', firstName: null, lastName: null, role: 'creator', creatorRequest: null, country: 'US', createdAt: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await saveConfig(db, id, { title: `Bench ${n}`, description: '', bitrate: 3000, resolution: '1280x720', saveRecording: false, generatePodcast: false, liveCaptions: false, contentType: 'tv' }, app.config.sessionSecret);
  const { decryptStreamKey } = await import('../src/modules/streaming/keys.ts');
  return decryptStreamKey(row.streamKeyCipher, app.config.sessionSecret)!;
}

function encoder(app: FastifyInstance, key: string): Encoder {
  return startEncoder(`rtmp://127.0.0.1:${app.liveMedia.rtmpPort}/live/${key}`, { seconds: 600, video: SOURCE, keyframeSeconds: 1, videoKbps: 3000, burnClock: true });
}

function sessions(app: FastifyInstance) {
  return [...((app.liveMedia.manager as unknown as { sessions: Map<number, import('../src/modules/media/live/live-session.ts').LiveSession> }).sessions.values())];
}

async function waitPlayable(app: FastifyInstance, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = sessions(app).filter((s) => s.timings.playableAt !== null);
    if (ready.length >= count) return ready;
    await sleep(100);
  }
  return sessions(app).filter((s) => s.timings.playableAt !== null);
}

/** Segment appearance against its PROGRAM-DATE-TIME, polled every 50 ms for a while. */
async function edgeAges(dir: string, seconds: number) {
  const playlist = path.join(dir, 'source', 'index.m3u8');
  const seen = new Set<string>();
  const ages: number[] = [];
  let target = 1;
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    let text = '';
    try {
      text = readFileSync(playlist, 'utf8');
    } catch {
      await sleep(50);
      continue;
    }
    target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1] ?? target);
    const lines = text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const pdt = /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/.exec(lines[i]!);
      if (!pdt) continue;
      const segment = lines.slice(i + 1).find((l) => l.endsWith('.ts'));
      if (segment && !seen.has(segment)) {
        if (seen.size > 0) ages.push(Date.now() - Date.parse(pdt[1]!));
        seen.add(segment);
      }
    }
    await sleep(50);
  }
  return { ages: ages.sort((a, b) => a - b), target };
}

async function cpuPerStream(app: FastifyInstance, seconds: number) {
  const procs = sessions(app).map((s) => s.packagerProcess).filter((p) => p?.pid);
  const before = procs.map((p) => processUsage(p!.pid!).cpuSeconds);
  await sleep(seconds * 1000);
  const after = procs.map((p, i) => processUsage(p!.pid!).cpuSeconds - before[i]!);
  return after.reduce((a, b) => a + b, 0) / procs.length / seconds;
}

async function single(ladder: 'full' | 'copy') {
  const { app, close } = await startApp(ladder);
  const key = await newKey(app, 1);
  const enc = encoder(app, key);
  const [session] = await waitPlayable(app, 1);
  const firstPlayable = session ? session.timings.playableAt! - session.timings.publishAt : NaN;
  const { ages, target } = session ? await edgeAges(session.liveDir, WINDOW_SECONDS) : { ages: [], target: 1 };
  const cpu = await cpuPerStream(app, WINDOW_SECONDS);
  enc.stop();
  await close();
  const median = ages[Math.floor(ages.length / 2)] ?? NaN;
  return { firstPlayable, edgeAge: median, glassToGlass: median + 3 * target * 1000, cpu };
}

async function capacity(ladder: 'full' | 'copy') {
  const { app, close } = await startApp(ladder);
  const encoders: Encoder[] = [];
  let sustained = 0;
  try {
    for (let n = 1; n <= MAX_STREAMS; n++) {
      encoders.push(encoder(app, await newKey(app, n)));
      const ready = await waitPlayable(app, n, 30_000);
      if (ready.length < n) break;
      await sleep(WINDOW_SECONDS * 1000);
      const speeds = sessions(app).map((s) => s.packagerProcess?.lastProgress?.speed ?? 0);
      const slowest = Math.min(...speeds);
      console.log(`  ${ladder}: ${n} stream(s), slowest packager at ${fmt(slowest, 2)}× real time`);
      if (slowest < 0.95) break;
      sustained = n;
    }
  } finally {
    for (const e of encoders) e.stop();
    await close();
  }
  return sustained;
}

console.log(`Live media bench: ${SOURCE.width}x${SOURCE.height}@${SOURCE.fps} test source over RTMP, ${os.cpus().length} cores`);
const full = await single('full');
const copy = await single('copy');
console.log(`publish → first playable playlist: full ladder ${fmt(full.firstPlayable / 1000, 2)} s, copy ${fmt(copy.firstPlayable / 1000, 2)} s (goal ≤ 4 s)`);
console.log(`live edge age (segment's first frame when it appears): full ${fmt(full.edgeAge / 1000, 2)} s, copy ${fmt(copy.edgeAge / 1000, 2)} s`);
console.log(`glass-to-glass at hls.js defaults (edge + 3 target durations): full ${fmt(full.glassToGlass / 1000, 2)} s, copy ${fmt(copy.glassToGlass / 1000, 2)} s (goal ≤ 6 s; Owncast's default ≈ 10 s)`);
console.log(`packager CPU per stream: full ladder ${fmt(full.cpu * 100)}% of a core, copy-only baseline ${fmt(copy.cpu * 100)}%, ratio ${fmt(full.cpu / copy.cpu)}×`);
const fullCapacity = await capacity('full');
const copyCapacity = await capacity('copy');
console.log(`concurrent live streams one node packages in real time: full ladder ${fullCapacity}, copy-only ${copyCapacity} (of at most ${MAX_STREAMS} tried; the encoders run on the same machine)`);
process.exit(0);
