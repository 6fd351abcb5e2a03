/**
 * `npm run bench:reads`: GET /api/content and GET /api/public/stats against a real API process, beside
 * a Fastify hello-world in the same run, first over the demo's history (about 38k view events), then
 * after growing view_events to BENCH_EVENTS. Flat figures between the two mean the reads do not grow
 * with history (they read the running counters of migration 0018, not the events).
 *
 *   BENCH_EVENTS       view events in the second round   (default 1,000,000)
 *   BENCH_SECONDS      load time per measurement         (default 3)
 *   BENCH_CONNECTIONS  concurrent HTTP connections       (default 50)
 *   BENCH_PROFILE_DIR  write a V8 CPU profile of each API process there
 *   BENCH_LOAD         `autocannon` to load with autocannon even where wrk is installed (http-load.ts)
 *
 * Where Redis answers, each round also loads the gzipped list from an API process on Redis, as a
 * cluster's processes run (live viewer counts summed across processes in Redis).
 *
 * Prints req/s, p99 latency, the ratio to the baseline and the server CPU per request for each;
 * never fails on time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { backfillViewCounters } from '../src/db/migrations/0018_view_counters.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { API_NODE_FLAGS } from '../../scripts/api-node-flags.mjs';
import { startApiProcess, stopProcess, REPO_ROOT } from '../../test-support/processes.ts';
import { httpLoad, loadGenerator, type HttpLoad } from './http-load.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { fmt, processUsage } from './support.ts';
import { DAY_MS } from '@onair/protocol';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Each route plain, and the home grid's list also as browsers ask for it (gzip accepted). */
const ROUTES: { label: string; path: string; headers?: Record<string, string> }[] = [
  { label: 'GET /api/content', path: '/api/content' },
  { label: 'GET /api/content (gzip)', path: '/api/content', headers: { 'accept-encoding': 'gzip, deflate, br' } },
  { label: 'GET /api/public/stats', path: '/api/public/stats' },
];

interface Load extends HttpLoad {
  /** Server CPU per answered request (the load generator's own CPU excluded). */
  cpuMs: number;
}

/** A short untimed run first: the process compiles and optimises the route's code on its first requests. */
async function load(url: string, pid: number, headers: Record<string, string> = {}): Promise<Load> {
  await httpLoad(url, { headers, connections: CONNECTIONS, seconds: 1 });
  const before = processUsage(pid).cpuSeconds;
  const r = await httpLoad(url, { headers, connections: CONNECTIONS, seconds: SECONDS });
  const cpuMs = ((processUsage(pid).cpuSeconds - before) * 1000) / Math.max(r.answered, 1);
  return { ...r, cpuMs };
}

function line(label: string, l: Load, baseline: Load) {
  const bad = l.bad ? `, ${l.bad} non-2xx/errors/timeouts` : '';
  console.log(
    `${label.padEnd(34)} ${fmt(l.rps, 0).padStart(7)} req/s  p99 ${fmt(l.p99, 0).padStart(5)} ms  ×${fmt(l.rps / baseline.rps, 3)} of baseline  ` +
      `(${l.answered} answered, server CPU ${fmt(l.cpuMs, 2)} ms/request${bad})`,
  );
}

async function helloBaseline(): Promise<Load> {
  // The API's own V8 flags: the baseline runs as OnAir does.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, path.join(REPO_ROOT, 'api/bench/hello-baseline-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/listening (\d+)/.exec(String(d))?.[1]))));
    return await load(`http://127.0.0.1:${port}/`, child.pid!);
  } finally {
    await stopProcess(child);
  }
}

/** An API process over the bench's database, serving the API only. */
const apiEnv = (dbFile: string) => ({
  DATABASE_URL: dbFile,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-000000',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'warn',
});

/** One round: the baseline, then each route, at the history the database holds now. */
async function round(dbFile: string, events: number): Promise<Map<string, Load>> {
  console.log(`\n${events.toLocaleString('en')} view events`);
  const baseline = await helloBaseline();
  line('Fastify hello-world (baseline)', baseline, baseline);
  const api = await startApiProcess(
    apiEnv(dbFile),
    60_000,
    process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [],
  );
  const out = new Map<string, Load>();
  try {
    // Let the fresh process settle (start-up work, first compilations) before anything is timed.
    for (let i = 0; i < 20; i++) for (const route of ROUTES) await fetch(api.url + route.path, { headers: route.headers ?? {} }).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 1000));
    for (const route of ROUTES) {
      const l = await load(api.url + route.path, api.child.pid!, route.headers);
      line(route.label, l, baseline);
      out.set(route.label, l);
    }
  } finally {
    await api.stop();
  }
  if (await redisAvailable()) await clusterList(dbFile, baseline);
  return out;
}

/**
 * The home grid's list from an API process on Redis, as each process of a cluster runs: its live
 * viewer counts are sums over every process's counters in Redis (realtime/cluster-counters.ts).
 */
async function clusterList(dbFile: string, baseline: Load) {
  const prefix = uniquePrefix('bench-reads');
  const api = await startApiProcess(
    { ...apiEnv(dbFile), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix },
    60_000,
  );
  try {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    for (let i = 0; i < 20; i++) await fetch(api.url + '/api/content', { headers }).then((r) => r.arrayBuffer());
    line('GET /api/content (gzip), on Redis', await load(api.url + '/api/content', api.child.pid!, headers), baseline);
  } finally {
    await api.stop();
    await clearPrefix(prefix);
  }
}

/**
 * Grows view_events to `target` rows the fast way: one transaction, one prepared statement, rows
 * spread over the existing items, a mix of known and new viewers and countries. The per-view path
 * (countViews) is bypassed, so the counters are then recomputed as the migration does.
 */
async function growHistory(dbFile: string, target: number): Promise<number> {
  const sqlite = new SQLite(dbFile);
  try {
    const have = (sqlite.prepare('select count(*) as n from view_events').get() as { n: number }).n;
    const items = (sqlite.prepare(`select id from content where status != 'live'`).all() as { id: number }[]).map((r) => r.id);
    const countries = (sqlite.prepare('select distinct country from view_events').all() as { country: string }[]).map((r) => r.country);
    const insert = sqlite.prepare(
      'insert into view_events (content_id, user_id, viewer_key, device, country, watch_seconds, created_at) values (?, null, ?, ?, ?, ?, ?)',
    );
    const devices = ['mobile', 'web', 'tv', 'satellite'];
    const now = Date.now();
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    sqlite.transaction(() => {
      for (let i = have; i < target; i++) {
        insert.run(items[next() % items.length], `d:bench-${next() % 200_000}`, devices[next() % 4], countries[next() % countries.length], 5 + (next() % 3600), now - (next() % (90 * DAY_MS)));
      }
    })();
  } finally {
    sqlite.close();
  }
  const db = openDatabase(dbFile);
  try {
    await backfillViewCounters(db.kysely);
    const row = await db.kysely.selectFrom('viewEvents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-reads-'));
console.log(`reads benchmark: ${CONNECTIONS} connections, ${SECONDS} s per measurement, load from ${loadGenerator} (${os.availableParallelism()} cores)`);
try {
  const dbFile = path.join(dir, 'bench.db');
  const db = openDatabase(dbFile);
  await migrateToLatest(db);
  const seeded = await seedDemo(db.kysely);
  await db.close();
  const small = await round(dbFile, seeded.viewEvents);
  const started = Date.now();
  const grown = await growHistory(dbFile, EVENTS);
  console.log(`\n(grew view_events to ${grown.toLocaleString('en')} rows and recounted in ${fmt((Date.now() - started) / 1000)} s)`);
  const large = await round(dbFile, grown);
  console.log('\ncost flat with history (req/s at the larger history ÷ at the demo\'s):');
  for (const { label } of ROUTES) console.log(label.padEnd(34), `×${fmt(large.get(label)!.rps / small.get(label)!.rps, 2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
