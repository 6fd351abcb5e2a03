/**
 * `npm run bench:reads`: GET /api/content and GET /api/public/stats against a real API process, beside
 * a Fastify hello-world in the same run, first over the demo's history (about 38k view events), then
 * after growing view_events to BENCH_EVENTS. Flat figures between the two mean the reads do not grow
 * with history (they read the running counters of migration 0018, not the events).
 *
 * The machine is shared and its speed drifts from second to second, so each round runs in passes: a
 * pass loads hello-world, then each route right after it, and a route's ratio is taken against the
 * hello-world of its own pass. The summary gives each route's median over the passes.
 *
 *   BENCH_EVENTS       view events in the second round   (default 1,000,000)
 *   BENCH_SECONDS      load time per measurement         (default 3)
 *   BENCH_PASSES       paired passes per round            (default 3)
 *   BENCH_CONNECTIONS  concurrent HTTP connections       (default 50)
 *   BENCH_PROFILE_DIR  write a V8 CPU profile of each API process and of the baseline there
 *   BENCH_LOAD         `autocannon` to load with autocannon even where wrk is installed (http-load.ts)
 *
 * Where Redis answers, each round also loads the gzipped list from an API process on Redis, as a
 * cluster's processes run (live viewer counts summed across processes in Redis).
 *
 * Each list is followed by the baseline process sending the list's own bytes (plain or gzipped) as a
 * constant: the list's rate against it is the cost of OnAir's code around the answer, apart from the
 * cost of the answer's size, which any server would pay.
 *
 * Prints req/s, p99 latency, the ratio to the baseline and the server CPU per request for each;
 * never fails on time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
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
import { fmt, processUsage, profileFlags } from './support.ts';
import { median } from '../../test-support/stats.ts';
import { DAY_MS } from '@onair/protocol';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
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
    `  ${label.padEnd(38)} ${fmt(l.rps, 0).padStart(7)} req/s  p99 ${fmt(l.p99, 0).padStart(5)} ms  ×${fmt(l.rps / baseline.rps, 3)} of its pass's baseline  ` +
      `(${l.answered} answered, server CPU ${fmt(l.cpuMs * 1000, 0)} µs/request${bad})`,
  );
}

/** A server under load: its address and process. */
interface Served {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Fastify's hello-world, also sending the bytes saved in `sameBytesDir` (hello-baseline-server.mjs). */
async function startHello(sameBytesDir: string): Promise<Served> {
  // The API's own V8 flags: the baseline runs as OnAir does.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...profileFlags(), path.join(REPO_ROOT, 'api/bench/hello-baseline-server.mjs')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_SAME_BYTES: sameBytesDir },
  });
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/listening (\d+)/.exec(String(d))?.[1]))));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopProcess(child) };
}

/** An API process over the bench's database, serving the API only. */
const apiEnv = (dbFile: string) => ({
  DATABASE_URL: dbFile,
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-000000',
  SEED_DEMO: 'false',
  WEB_DIST: '/nonexistent',
  LOG_LEVEL: 'warn',
});

async function startApi(env: Record<string, string>, profile = false): Promise<Served> {
  const api = await startApiProcess(env, 60_000, profile ? profileFlags() : []);
  return { url: api.url, pid: api.child.pid!, stop: () => api.stop() };
}

/** What a round measured of one route: each pass's figures and their ratio to that pass's baseline. */
interface Measured {
  loads: Load[];
  ratios: number[];
}

interface Measurement {
  label: string;
  server: Served;
  path: string;
  headers?: Record<string, string>;
}

/** PASSES passes of hello-world followed by each measurement; prints every figure as it comes. */
async function paired(hello: Served, measurements: Measurement[]): Promise<Map<string, Measured>> {
  const out = new Map<string, Measured>(measurements.map((m) => [m.label, { loads: [], ratios: [] }]));
  for (let pass = 1; pass <= PASSES; pass++) {
    console.log(` pass ${pass}`);
    const baseline = await load(`${hello.url}/`, hello.pid);
    line('Fastify hello-world (baseline)', baseline, baseline);
    for (const m of measurements) {
      const l = await load(m.server.url + m.path, m.server.pid, m.headers);
      line(m.label, l, baseline);
      out.get(m.label)!.loads.push(l);
      out.get(m.label)!.ratios.push(l.rps / baseline.rps);
    }
  }
  return out;
}

/** Lets a fresh process settle (start-up work, first compilations) before anything is timed. */
async function warm(server: Served, routes: readonly { path: string; headers?: Record<string, string> }[]) {
  for (let i = 0; i < 20; i++) for (const route of routes) await fetch(server.url + route.path, { headers: route.headers ?? {} }).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 1000));
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const ON_REDIS = 'GET /api/content (gzip), on Redis';
/** The bare framework sending a list route's bytes, by the route's label. */
const SAME_BYTES_OF: Record<string, string> = {
  'GET /api/content': 'Fastify sending the list\'s bytes',
  'GET /api/content (gzip)': 'Fastify sending the list\'s bytes (gzip)',
};

/** The answer's body as sent, not decoded (fetch would gunzip it). */
function rawBody(url: string, headers: Record<string, string>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks)));
      })
      .on('error', reject);
  });
}

/** Saves the API's content list as it answers, plain and gzipped, for the baseline to send as constants. */
async function saveListBytes(api: Served, dir: string): Promise<string> {
  const out = mkdtempSync(path.join(dir, 'same-bytes-'));
  writeFileSync(path.join(out, 'list.json'), await rawBody(`${api.url}/api/content`, {}));
  writeFileSync(path.join(out, 'list.json.gz'), await rawBody(`${api.url}/api/content`, GZIP));
  return out;
}

/**
 * One round at the history the database holds now: the routes of one API process and, where Redis
 * answers, the home grid's list from an API process on Redis, as each process of a cluster runs (its
 * live viewer counts are sums over every process's counters in Redis, realtime/cluster-counters.ts).
 */
async function round(dbFile: string, events: number): Promise<Map<string, Measured>> {
  console.log(`\n${events.toLocaleString('en')} view events`);
  const started: Served[] = [];
  const prefix = uniquePrefix('bench-reads');
  try {
    const api = await startApi(apiEnv(dbFile), true);
    started.push(api);
    await warm(api, ROUTES);
    const hello = await startHello(await saveListBytes(api, path.dirname(dbFile)));
    started.push(hello);
    // Each list right before the bare framework sending its bytes, so the two meet the same drift.
    const measurements: Measurement[] = ROUTES.flatMap((route) => {
      const same = SAME_BYTES_OF[route.label];
      const own = { ...route, server: api };
      return same ? [own, { label: same, server: hello, path: route.headers ? '/same-bytes/gzip' : '/same-bytes', headers: route.headers }] : [own];
    });
    if (await redisAvailable()) {
      const onRedis = await startApi({ ...apiEnv(dbFile), REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
      started.push(onRedis);
      await warm(onRedis, [{ path: '/api/content', headers: GZIP }]);
      measurements.push({ label: ON_REDIS, server: onRedis, path: '/api/content', headers: GZIP });
    }
    const measured = await paired(hello, measurements);
    console.log(` median of ${PASSES} passes`);
    for (const [label, m] of measured) {
      console.log(`  ${label.padEnd(38)} ${fmt(median(m.loads.map((l) => l.rps)), 0).padStart(7)} req/s  ×${fmt(median(m.ratios), 3)} of baseline  (passes: ${m.ratios.map((r) => fmt(r, 2)).join(', ')})`);
    }
    // The share of a list answer's cost that is OnAir's code rather than its size: the list's rate
    // against the bare framework sending the same bytes, pass by pass.
    for (const [list, same] of Object.entries(SAME_BYTES_OF)) {
      const ratios = measured.get(list)!.loads.map((l, i) => l.rps / measured.get(same)!.loads[i]!.rps);
      console.log(`  ${`${list} ÷ the same bytes`.padEnd(38)} ×${fmt(median(ratios), 3)}  (passes: ${ratios.map((r) => fmt(r, 2)).join(', ')})`);
    }
    return measured;
  } finally {
    for (const server of started.reverse()) await server.stop();
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
  // Ratios to each pass's own baseline, not raw rates: the machine's speed drifts between the rounds.
  console.log('\ncost flat with history (median ratio to hello-world at the larger history ÷ at the demo\'s):');
  const medianRatio = (m: Measured) => median(m.ratios);
  for (const [label, m] of small) console.log(label.padEnd(38), `×${fmt(medianRatio(large.get(label)!) / medianRatio(m), 2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
