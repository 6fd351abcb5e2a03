/**
 * `npm run bench:realtime`: chat fan-out, room capacity and a vote storm against a real API process on
 * loopback, each beside baselines measured in the same run.
 *
 *   BENCH_PART        any of `message`, `views`, `chat`, `capacity`, `cluster`, `votes`, comma-separated (default all)
 *   BENCH_MESSAGES    messages per round of the in-process message part    (default 3000)
 *   BENCH_VIEWS       ended views recorded at once in the views part        (default 3000)
 *   BENCH_CLIENTS     sockets in one content room for the fan-out          (default 1000)
 *   BENCH_RATE        chat messages per second sent                         (default 50)
 *   BENCH_SECONDS     sending time of each measurement                      (default 10)
 *   BENCH_RUNS        paired runs of the fan-out; ratios are their median   (default 3)
 *   BENCH_CAPACITY    the capacity ramps' start,step,max sockets            (default 2000,2000,48000)
 *   BENCH_RAMP_LISTENERS  `native` (default) or `node`: who holds the ramps' listening sockets
 *   BENCH_CHAT_LISTENERS  `native` (default) or `node`: who holds the fan-out's listening sockets
 *   BENCH_RAMP_RATE   messages per second in the ramps                     (default 1, the capacity goal's)
 *   BENCH_PROCESSES   API processes of the cluster ramp                     (default one per core)
 *   BENCH_VOTERS      voters in the vote storm                              (default 1000)
 *   BENCH_POLLS       polls each voter votes in at once                     (default 5)
 *   BENCH_PROFILE_DIR write a V8 CPU profile of each server process there (OnAir's and the baselines'),
 *                     and each measurement's span: `npm run bench:profile-spans -- DIR` reads the
 *                     profiles within the spans alone
 *
 * Message: CPU per chat message through OnAir's write path in one process, beside a bare prepared
 * insert of the same row (message-cpu.ts). Views: the time a stopping process takes to record the views
 * it holds, beside the same events inserted alone (ended-views.ts). Fan-out: OnAir (session, persistence, moderation, rewards, rooms, connection-state recovery), vanilla
 * Socket.IO with connection-state recovery and a bare `ws` broadcast receive the same message shape
 * and size (the one OnAir delivered in the warm-up), sent to the same number of listeners, in runs
 * that take turns; p50/p95/p99 of send-to-delivery latency and the ratios' median over the runs.
 * Capacity: sockets in one room receiving 1 message/s, added a step at a time until p95 passes
 * 250 ms; heap per socket from the server's own /metrics. Cluster: the same ramp against `npm start`
 * with API_PROCESSES=1 and with one process per core, both on the Redis adapter, and their ratio.
 * Where a process may not open enough files for its ramp to reach the SLO at 1 message/s (the ramp
 * then ends at that limit, and the ratio is only a bound), a higher BENCH_RAMP_RATE finds both
 * knees below it: the deliveries a second, not the sockets, are what a core runs out of. How high
 * depends on what a delivery costs: 2 sufficed on 2-core machines while OnAir's deliveries cost
 * 20 µs or more; with whole and direct frames (12-14 µs) one process held 19,000 sockets, the
 * 20,000-file limit's step, at 3 and at 4 messages/s, and first stopped inside it at 5.
 * The listeners, the fan-out's thousand and the ramps' tens of thousands of sockets, are native
 * processes (listeners/sio-listeners.c) that read a delivery for about a system call, so that on a
 * machine the bench shares with the server the listeners do not take the cores the server (or a
 * second server process) would use; this process sends over sockets of its own, speaking the
 * Socket.IO protocol over `ws` (light-socket.ts). BENCH_CHAT_LISTENERS=node holds the fan-out's
 * listeners in this process instead, as the bench did before: that took 80-95 % of a core on 2-core
 * machines, beside a server at 80-90 %. The client's CPU (this process and its listeners) is printed
 * beside each figure so a reader can tell when the client, not the server, is the limit. Open files:
 * the bench raises its limit where it may (root), since a ramp holds each socket at both ends. Never
 * fails on time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { scoreText } from '../src/modules/moderation/scoring.ts';
import { pushIntervalFor } from '../src/realtime/presence.ts';
import { API_NODE_FLAGS } from '../../scripts/api-node-flags.mjs';
import { startApiProcess, stopProcess, REPO_ROOT } from '../../test-support/processes.ts';
import { median } from '../../test-support/stats.ts';
import { connectLight, connectMany, type LightSocket } from './light-socket.ts';
import { NativeListeners, SAMPLE_EVERY } from './listeners/native-listeners.ts';
import { createSessions } from '../test/support/sessions.ts';
import { clearPrefix, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { fmt, monotonicMicros, noteProfiledSpan, percentile, processTreeUsage, profileFlags, raiseOpenFileLimit } from './support.ts';
import { messageCpu } from './message-cpu.ts';
import { endedViews } from './ended-views.ts';

const PARTS = new Set((process.env.BENCH_PART ?? 'message,views,chat,capacity,cluster,votes').split(',').map((p) => p.trim()));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const [CAPACITY_START, CAPACITY_STEP, CAPACITY_MAX] = (process.env.BENCH_CAPACITY ?? '2000,2000,48000').split(',').map(Number) as [number, number, number];
const RAMP_LISTENERS: ListenerKind = process.env.BENCH_RAMP_LISTENERS === 'node' ? 'node' : 'native';
const CHAT_LISTENERS: ListenerKind = process.env.BENCH_CHAT_LISTENERS === 'node' ? 'node' : 'native';
const RAMP_RATE = Number(process.env.BENCH_RAMP_RATE ?? 1);
const VOTERS = Number(process.env.BENCH_VOTERS ?? 1000);
const POLLS = Number(process.env.BENCH_POLLS ?? 5);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? os.availableParallelism());
const SECRET = 'bench-secret-bench-secret-bench-secret-000000';
const DRAIN_MS = 2000;
const SLO_P95_MS = 250;
/**
 * Every message the bench sends carries its sequence number and send time, `bench:<seq>:<ms>`, in
 * milliseconds of the machine's monotonic clock (process.hrtime), which the native listeners
 * (listeners/sio-listeners.c) read too: senders and receivers are on this machine, and no wall
 * clocks are compared.
 */
const STAMP = /bench:\d+:([\d.]+)/;
const now = () => Number(process.hrtime.bigint()) / 1e6;

// ---------------------------------------------------------------------------------------------------
// Targets: a server with listeners attached and a way to send one stamped message to them.

interface Target {
  label: string;
  pid: number;
  /** Deliveries each message should produce. */
  listeners: number;
  send(text: string): void;
  /** Deliveries to every listening socket since the last takeLatencies. */
  deliveries(): Promise<number>;
  /** Send-to-delivery latencies (ms) since the last call, sorted: every delivery's, or a sample's (native listeners). */
  takeLatencies(): Promise<number[]>;
  /** The load generator's processes besides this one (their CPU is the bench client's too). */
  clientPids(): number[];
  /** Resident memory and V8 heap in use of the server process, when it reports its heap. */
  memory(): Promise<{ rssBytes: number; heapBytes: number | null }>;
  close(): Promise<void>;
}

/** Latencies of the deliveries read by this process's own sockets (light-socket.ts). */
function inProcessLatencies() {
  let latencies: number[] = [];
  return {
    record(raw: string) {
      const stamp = STAMP.exec(raw);
      if (stamp) latencies.push(now() - Number(stamp[1]));
    },
    count: () => latencies.length,
    take() {
      const taken = latencies.sort((a, b) => a - b);
      latencies = [];
      return taken;
    },
  };
}

/**
 * Where a target's listening sockets live: in this process (light-socket.ts), or in native listener
 * processes (capacity ramps, where thousands of sockets would otherwise cost this process as much
 * CPU as they cost the server, on the same cores).
 */
type ListenerKind = 'node' | 'native';

/** The latency plumbing shared by every target: in-process deliveries plus the native pool's, if any. */
function latencySources(inProcess: ReturnType<typeof inProcessLatencies>, native: () => NativeListeners | null) {
  return {
    async deliveries() {
      return inProcess.count() + ((await native()?.deliveries()) ?? 0);
    },
    async takeLatencies() {
      const own = inProcess.take();
      const pool = native();
      return pool ? [...own, ...(await pool.takeLatencies())].sort((a, b) => a - b) : own;
    },
    clientPids: () => native()?.pids ?? [],
  };
}

function rssOf(pid: number) {
  return async () => ({ rssBytes: processTreeUsage(pid).rssBytes, heapBytes: null });
}

/** A seeded database with sessions for the admin and the voters, and an API process over it. */
async function onAirServer(dir: string, name: string, sockets: number, env: Record<string, string> = {}) {
  const dbFile = path.join(dir, `${name}.db`);
  const db = openDatabase(dbFile);
  await migrateToLatest(db);
  await seedDemo(db.kysely, { contentItems: 20, audienceSize: Math.max(VOTERS, 50), viewEvents: 1000, liveItems: 2, chatMessages: 0, polls: 0, questions: 0 });
  const admin = await db.kysely.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const live = await db.kysely.selectFrom('content').select('id').where('status', '=', 'live').executeTakeFirstOrThrow();
  const voterIds = (await db.kysely.selectFrom('users').select('id').where('passwordHash', '=', '').limit(VOTERS).execute()).map((u) => u.id);
  const [adminCookie] = await createSessions(db.kysely, SECRET, [admin.id]);
  const voterCookies = await createSessions(db.kysely, SECRET, voterIds);
  await db.close();
  const api = await startApiProcess(
    {
      DATABASE_URL: dbFile,
      SESSION_SECRET: SECRET,
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      // Every bench client comes from this machine: lift the per-address and per-account caps.
      SOCKETS_PER_IP: String(sockets + VOTERS + 100),
      SOCKETS_PER_USER: String(sockets + VOTERS + 100),
      CHAT_RATE_LIMIT: '1000000',
      VOTE_RATE_LIMIT: String(POLLS * 2 + 10),
      ...env,
    },
    60_000,
    profileFlags(),
  );
  return { api, adminCookie: adminCookie!, voterCookies, liveId: live.id };
}

/** V8 heap in use, from the API's own Prometheus scrape (loopback may scrape without a token). */
async function scrapedHeap(url: string): Promise<number | null> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const match = /^nodejs_heap_size_used_bytes (\S+)$/m.exec(text);
  return match ? Number(match[1]) : null;
}

/** With `processes`: `npm start` with that many API processes on the Redis adapter. */
async function onAirTarget(dir: string, name: string, maxSockets: number, options: { processes?: number; listeners?: ListenerKind } = {}) {
  const { processes, listeners: kind = 'node' } = options;
  const redisPrefix = uniquePrefix(`bench-${name}`);
  const clusterEnv: Record<string, string> = processes ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: redisPrefix, API_PROCESSES: String(processes) } : {};
  const { api, adminCookie, liveId } = await onAirServer(dir, name, maxSockets, clusterEnv);
  const inProcess = inProcessLatencies();
  const sender = await connectLight(api.url, { cookie: adminCookie });
  let listeners = 0;
  let sample: string | null = null;
  let native: NativeListeners | null = null;
  const watchEvent: [string, unknown] = ['content:watch', { contentId: liveId, device: 'web' }];
  async function growInProcess(count: number) {
    const added = await connectMany(api.url, count);
    await Promise.all(added.map((s) => s.emitWithAck(...watchEvent)));
    for (const s of added) {
      s.onEvent((event, raw) => {
        if (event !== 'chat:message') return;
        sample ??= raw;
        inProcess.record(raw);
      });
    }
  }
  const target: Target & { grow(count: number): Promise<void>; sample(): string | null } = {
    label: processes ? `OnAir ×${processes}` : 'OnAir',
    pid: api.child.pid!,
    get listeners() {
      return listeners;
    },
    ...latencySources(inProcess, () => native),
    send: (text) => sender.emit('chat:send', { message: text, contentId: liveId }),
    // A scrape reaches one process of a cluster: heap only for a single process.
    memory: async () => ({ rssBytes: processTreeUsage(api.child.pid!).rssBytes, heapBytes: processes && processes > 1 ? null : await scrapedHeap(api.url) }),
    async grow(count) {
      if (kind === 'node') {
        await growInProcess(count);
      } else {
        // One listener in this process reads a delivered message whole: the baselines copy its shape.
        const probe = listeners === 0 ? 1 : 0;
        if (probe) await growInProcess(probe);
        native ??= new NativeListeners(Number(new URL(api.url).port), watchEvent);
        await native.grow(count - probe);
      }
      listeners += count;
    },
    sample: () => sample,
    async close() {
      native?.close();
      await api.stop();
      if (processes) await clearPrefix(redisPrefix);
    },
  };
  return target;
}

function startBaselineProcess(script: string, env: Record<string, string> = {}) {
  // The API's own V8 flags: the baselines run as OnAir does.
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...profileFlags(), path.join(REPO_ROOT, 'api/bench', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/listening (\d+)/.exec(String(d))?.[1]))));
  return { child, port };
}

/**
 * Vanilla Socket.IO with recovery: the same delivered message object, broadcast to a room. With
 * `processes`, on the Redis streams adapter in that many cluster workers, as the cluster ramp runs OnAir.
 */
async function socketIoTarget(messageTemplate: () => Record<string, unknown>, kind: ListenerKind = 'node', processes?: number) {
  const redisPrefix = uniquePrefix('bench-baseline');
  const clusterEnv: Record<string, string> = processes ? { REDIS_URL: TEST_REDIS_URL, BASELINE_PREFIX: redisPrefix, BASELINE_PROCESSES: String(processes) } : {};
  const { child, port } = startBaselineProcess('socketio-baseline-server.mjs', clusterEnv);
  const url = `http://127.0.0.1:${await port}`;
  const inProcess = inProcessLatencies();
  const sender = await connectLight(url);
  let listeners = 0;
  let native: NativeListeners | null = null;
  const target: Target & { grow(count: number): Promise<void> } = {
    label: processes ? `socket.io ×${processes}` : 'socket.io',
    pid: child.pid!,
    get listeners() {
      return listeners;
    },
    ...latencySources(inProcess, () => native),
    send: (text) => sender.emitWithAck('chat:send', { room: 'live', message: { ...messageTemplate(), message: text } }).catch(() => undefined),
    memory: rssOf(child.pid!),
    async grow(count) {
      if (kind === 'node') {
        const added = await connectMany(url, count);
        await Promise.all(added.map((s) => s.emitWithAck('join', 'live')));
        for (const s of added) s.onEvent((event, raw) => event === 'chat:message' && inProcess.record(raw));
      } else {
        native ??= new NativeListeners(Number(new URL(url).port), ['join', 'live']);
        await native.grow(count);
      }
      listeners += count;
    },
    async close() {
      native?.close();
      await stopProcess(child);
      if (processes) await clearPrefix(redisPrefix);
    },
  };
  return target;
}

/**
 * Bare `ws`: the same Socket.IO-framed text, sent to every socket (one of them the sender). With native
 * listeners, the sender is the one socket in this process and the others are the pool's, which the
 * baseline server greets with just enough of Socket.IO's handshake (ws-baseline-server.mjs).
 */
async function wsTarget(messageTemplate: () => Record<string, unknown>, count: number, kind: ListenerKind = 'node'): Promise<Target> {
  const { child, port } = startBaselineProcess('ws-baseline-server.mjs');
  const url = `ws://127.0.0.1:${await port}`;
  const inProcess = inProcessLatencies();
  const clients: WebSocket[] = [];
  const inProcessCount = kind === 'node' ? count : 1;
  for (let i = 0; i < inProcessCount; i += 100) {
    const batch = Array.from(
      { length: Math.min(100, inProcessCount - i) },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url, { perMessageDeflate: false });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    );
    clients.push(...(await Promise.all(batch)));
  }
  for (const ws of clients) ws.on('message', (d) => inProcess.record(String(d)));
  const native = kind === 'native' ? new NativeListeners(await port, ['join', 'live']) : null;
  await native?.grow(count - inProcessCount);
  const sender = clients[0]!;
  return {
    label: 'bare ws',
    pid: child.pid!,
    listeners: count,
    ...latencySources(inProcess, () => native),
    send: (text) => sender.send(`42${JSON.stringify(['chat:message', { ...messageTemplate(), message: text }])}`),
    memory: rssOf(child.pid!),
    async close() {
      native?.close();
      for (const ws of clients) ws.close();
      await stopProcess(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Measuring

interface Measurement {
  p50: number;
  p95: number;
  p99: number;
  /** Share of the expected deliveries that arrived before the drain ended. */
  delivered: number;
  deliveriesPerSecond: number;
  serverCpu: number;
  clientCpu: number;
}

let sequence = 0;

/**
 * The next stamped message. OnAir's chat masks profanity, leetspeak included, so digits can spell a
 * word ("455" reads "ass"): a masked stamp could not be read back, and its 1,000 deliveries would
 * count as lost and hold the drain to its deadline. Sequence numbers whose message would be masked
 * are skipped, for every server alike.
 */
function stampedMessage(): string {
  for (;;) {
    const text = `bench:${sequence++}:${now().toFixed(2)}`;
    if (scoreText(text).display === text) return text;
  }
}

/** Sends `rate` stamped messages a second for `seconds` and waits for their deliveries. */
async function measure(target: Target, rate: number, seconds: number): Promise<Measurement> {
  await target.takeLatencies();
  const fromMicros = monotonicMicros();
  const serverBefore = processTreeUsage(target.pid).cpuSeconds;
  const clientBefore = process.cpuUsage();
  const helpersCpu = () => target.clientPids().reduce((sum, pid) => sum + processTreeUsage(pid).cpuSeconds, 0);
  const helpersBefore = helpersCpu();
  const started = Date.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    target.send(stampedMessage());
  }
  const expected = total * target.listeners;
  const deadline = Date.now() + DRAIN_MS;
  while ((await target.deliveries()) < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (Date.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const helpers = helpersCpu() - helpersBefore;
  noteProfiledSpan(`${target.label} ${target.listeners} sockets`, fromMicros, monotonicMicros());
  // Every socket's deliveries count; native listeners sample the latency of some of them.
  const deliveries = await target.deliveries();
  const sorted = await target.takeLatencies();
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    delivered: deliveries / Math.max(expected, 1),
    deliveriesPerSecond: deliveries / elapsed,
    serverCpu: (processTreeUsage(target.pid).cpuSeconds - serverBefore) / elapsed,
    clientCpu: ((client.user + client.system) / 1e6 + helpers) / elapsed,
  };
}

const pct = (share: number) => `${fmt(share * 100, 0)}%`;

function printMeasurement(label: string, m: Measurement) {
  console.log(
    `  ${label.padEnd(10)} p50 ${fmt(m.p50).padStart(6)} ms  p95 ${fmt(m.p95).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  ` +
      `${fmt(m.deliveriesPerSecond, 0).padStart(6)} deliveries/s (${pct(m.delivered)} delivered)  server CPU ${pct(m.serverCpu)}  bench client CPU ${pct(m.clientCpu)}`,
  );
}

// ---------------------------------------------------------------------------------------------------
// The three parts

/** The delivered message object the baselines send (OnAir's own, from the warm-up). */
function templateFrom(sample: string | null): () => Record<string, unknown> {
  if (!sample) throw new Error('OnAir delivered no chat message in the warm-up');
  const message = (JSON.parse(sample) as [string, Record<string, unknown>])[1];
  return () => message;
}

async function fanOut(dir: string) {
  const held = CHAT_LISTENERS === 'native' ? `native listeners (latency from one socket in ${SAMPLE_EVERY})` : 'this process';
  console.log(`\nchat fan-out: ${CLIENTS} sockets in one room, held by ${held}, ${RATE} messages/s for ${SECONDS} s, ${RUNS} paired runs`);
  const onAir = await onAirTarget(dir, 'chat', CLIENTS, { listeners: CHAT_LISTENERS });
  const targets: Target[] = [onAir];
  try {
    await onAir.grow(CLIENTS);
    await measure(onAir, RATE, 1); // warm-up: JIT, and the message shape the baselines copy
    const template = templateFrom(onAir.sample());
    const socketIo = await socketIoTarget(template, CHAT_LISTENERS);
    targets.push(socketIo);
    await socketIo.grow(CLIENTS);
    targets.push(await wsTarget(template, CLIENTS, CHAT_LISTENERS));
    for (const t of targets.slice(1)) await measure(t, RATE, 1);
    console.log(`  message: ${Buffer.byteLength(onAir.sample()!)} bytes of Socket.IO event JSON per delivery on every server`);

    const runs: Measurement[][] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(` run ${run}`);
      const results: Measurement[] = [];
      for (const t of targets) {
        const m = await measure(t, RATE, SECONDS);
        printMeasurement(t.label, m);
        results.push(m);
      }
      runs.push(results);
    }
    for (const [index, baseline] of [[1, 'vanilla Socket.IO with recovery'], [2, 'bare ws']] as const) {
      const ratio = (key: 'p50' | 'p95' | 'p99') => fmt(median(runs.map((r) => r[0]![key] / r[index]![key])), 2);
      console.log(`  OnAir ÷ ${baseline} (median of ${RUNS}): p50 ×${ratio('p50')}  p95 ×${ratio('p95')}  p99 ×${ratio('p99')}`);
    }
  } finally {
    for (const t of targets) await t.close();
  }
}

/** Sockets one server process may hold: its open-file limit, less room for its database and logs. */
let socketsPerProcess = Infinity;

interface RampResult {
  /** The most sockets measured within the SLO (0: not even the first step). */
  withinSlo: number;
  /** Where the ramp would have stopped had the SLO held: CAPACITY_MAX, or the open-file limit. */
  end: number;
}

/** The ramp's result for a reader: the count, and whether the SLO or the ramp's end stopped it. */
function describeRamp({ withinSlo, end }: RampResult): string {
  if (!withinSlo) return `fewer than ${CAPACITY_START}`;
  if (withinSlo + CAPACITY_STEP <= end) return withinSlo.toLocaleString('en');
  return `${withinSlo.toLocaleString('en')}, the ramp's end (${end < CAPACITY_MAX ? 'the open-file limit' : 'BENCH_CAPACITY'}: not a ceiling)`;
}

/**
 * Adds sockets a step at a time at RAMP_RATE messages/s until p95 passes the SLO. A step over the SLO is
 * measured again before the ramp stops: on a shared machine one stall of a few hundred ms (another
 * process's burst) would otherwise end a ramp early, and the two ramps of a comparison at random.
 */
async function ramp(target: Target & { grow(count: number): Promise<void> }, serverProcesses = 1): Promise<RampResult> {
  const idle = await target.memory();
  const end = Math.min(CAPACITY_MAX, serverProcesses * socketsPerProcess);
  const within = (step: Measurement) => step.p95 <= SLO_P95_MS && step.delivered >= 0.999;
  let withinSlo = 0;
  for (let sockets = CAPACITY_START; sockets <= end; sockets += CAPACITY_STEP) {
    await target.grow(sockets - target.listeners);
    // The joins' own echo settles first: OnAir pushes a big room its new viewer count up to
    // pushIntervalFor(room) after the last join, a broadcast that would otherwise land in the measurement.
    await new Promise((r) => setTimeout(r, 1000 + pushIntervalFor(sockets)));
    let m = await measure(target, RAMP_RATE, SECONDS);
    printStep(target, sockets, m, idle, await target.memory());
    if (!within(m)) {
      m = await measure(target, RAMP_RATE, SECONDS);
      printStep(target, sockets, m, idle, await target.memory(), 'again');
    }
    if (!within(m)) break;
    withinSlo = sockets;
  }
  return { withinSlo, end };
}

type Memory = Awaited<ReturnType<Target['memory']>>;

/**
 * The server's RSS, and its growth since the ramp began spread over the sockets. A cluster's tree can
 * be smaller than at its idle reading, which held its processes' startup work (the engine checks, the
 * garbage they left): no figure per socket then, rather than a negative one.
 */
function rssLine(idle: Memory, memory: Memory, sockets: number): string {
  const grown = memory.rssBytes - idle.rssBytes;
  const perSocket = grown > 0 ? `+${fmt(grown / sockets / 1024)} KiB/socket` : 'under its idle reading';
  return `RSS ${fmt(memory.rssBytes / 1024 ** 2, 0)} MiB (${perSocket})`;
}

function printStep(target: Target, sockets: number, m: Measurement, idle: Memory, memory: Memory, note = '') {
  const heap = memory.heapBytes !== null && idle.heapBytes !== null ? `, heap ${fmt((memory.heapBytes - idle.heapBytes) / sockets / 1024)} KiB/socket` : '';
  console.log(
    `  ${target.label.padEnd(10)} ${String(sockets).padStart(6)} sockets${note ? ` ${note}` : ''}: p95 ${fmt(m.p95).padStart(6)} ms  p99 ${fmt(m.p99).padStart(6)} ms  ` +
      `${pct(m.delivered)} delivered  server CPU ${pct(m.serverCpu)}  bench client CPU ${pct(m.clientCpu)}  ${rssLine(idle, memory, sockets)}${heap}`,
  );
}

async function capacity(dir: string) {
  console.log(`\ncapacity: sockets in one room at ${RAMP_RATE} message${RAMP_RATE === 1 ? '' : 's'}/s, +${CAPACITY_STEP} a step up to ${CAPACITY_MAX}, until p95 > ${SLO_P95_MS} ms`);
  const results: [string, RampResult][] = [];
  const onAir = await onAirTarget(dir, 'capacity', CAPACITY_MAX, { listeners: RAMP_LISTENERS });
  let template: () => Record<string, unknown>;
  try {
    await onAir.grow(100);
    await measure(onAir, 5, 1); // warm-up, and the message shape the baseline copies
    template = templateFrom(onAir.sample());
    results.push(['OnAir', await ramp(onAir)]);
  } finally {
    await onAir.close();
  }
  const socketIo = await socketIoTarget(template, RAMP_LISTENERS);
  try {
    results.push(['socket.io', await ramp(socketIo)]);
  } finally {
    await socketIo.close();
  }
  for (const [label, result] of results) {
    console.log(`  ${label.padEnd(10)} sockets at p95 ≤ ${SLO_P95_MS} ms on one process: ${describeRamp(result)}`);
  }
}

/**
 * Sockets at the SLO with one API process and with one per core, both on the Redis adapter; then the
 * same two ramps against vanilla Socket.IO run the same way, which shows what this machine gives any
 * Socket.IO server from a second process (its cores are the listeners' and Redis's too).
 */
async function clusterCapacity(dir: string) {
  console.log(`\ncluster: the capacity ramp (${RAMP_RATE} message${RAMP_RATE === 1 ? '' : 's'}/s) with 1 and ${PROCESSES} processes on the Redis adapter: npm start, then vanilla Socket.IO`);
  const onAir: [number, RampResult][] = [];
  let template: (() => Record<string, unknown>) | undefined;
  for (const processes of [1, PROCESSES]) {
    const target = await onAirTarget(dir, `cluster-${processes}`, CAPACITY_MAX, { processes, listeners: RAMP_LISTENERS });
    try {
      await target.grow(100);
      await measure(target, 5, 1); // warm-up, and the message shape the baseline copies
      template ??= templateFrom(target.sample());
      onAir.push([processes, await ramp(target, processes)]);
    } finally {
      await target.close();
    }
  }
  const vanilla: [number, RampResult][] = [];
  for (const processes of [1, PROCESSES]) {
    const target = await socketIoTarget(template!, RAMP_LISTENERS, processes);
    try {
      await target.grow(100);
      await measure(target, 5, 1); // warm-up
      vanilla.push([processes, await ramp(target, processes)]);
    } finally {
      await target.close();
    }
  }
  const ratio = (results: [number, RampResult][]) => {
    const [one, many] = results.map(([, result]) => result.withinSlo);
    return one && many !== undefined ? many / one : NaN;
  };
  for (const [label, results] of [['OnAir', onAir], ['socket.io', vanilla]] as const) {
    for (const [processes, result] of results) {
      console.log(`  ${label.padEnd(10)} ${String(processes).padStart(2)} process${processes === 1 ? ' ' : 'es'}: sockets at p95 ≤ ${SLO_P95_MS} ms: ${describeRamp(result)}`);
    }
  }
  const [own, baseline] = [ratio(onAir), ratio(vanilla)];
  console.log(
    `  ${PROCESSES} processes ÷ 1: OnAir ×${fmt(own, 2)}, vanilla Socket.IO ×${fmt(baseline, 2)}; OnAir's ÷ vanilla's ×${fmt(own / baseline, 2)} (steps of ${CAPACITY_STEP})`,
  );
}

/**
 * Votes counted per second, on a server of its own; every tally checked against the votes accepted.
 * A first storm over polls of its own warms the server (JIT, statement caches) unmeasured: a storm of
 * 1,000 voters lasts about a second, and a cold one measured mostly the warming.
 */
async function voteStorm(dir: string) {
  const { api, adminCookie, voterCookies } = await onAirServer(dir, 'votes', 0);
  try {
    const createPolls = async (name: string) => {
      const polls: number[] = [];
      for (let i = 0; i < POLLS; i++) {
        const created = await fetch(`${api.url}/api/polls`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: adminCookie },
          body: JSON.stringify({ question: `${name} ${i + 1}`, options: ['a', 'b', 'c', 'd'], durationSeconds: 600 }),
        });
        polls.push(((await created.json()) as { id: number }).id);
      }
      return polls;
    };
    const voters: LightSocket[] = await connectMany(api.url, voterCookies.length, 100, (i) => voterCookies[i]);
    // Every voter votes twice at once in every poll: only one of each pair may count.
    const storm = (polls: number[]) =>
      Promise.all(
        voters.flatMap((s, i) => polls.flatMap((pollId) => [0, 1].map((k) => s.emitWithAck<{ ok: boolean }>('poll:vote', { pollId, optionIndex: (i + k) % 4 })))),
      );
    await storm(await createPolls('Warm-up'));
    const polls = await createPolls('Vote storm');
    const before = processTreeUsage(api.child.pid!);
    const clientBefore = process.cpuUsage();
    const started = Date.now();
    const acks = await storm(polls);
    const seconds = (Date.now() - started) / 1000;
    const serverCpu = processTreeUsage(api.child.pid!).cpuSeconds - before.cpuSeconds;
    const client = process.cpuUsage(clientBefore);
    const accepted = acks.filter((a) => a.ok).length;
    const active = (await (await fetch(`${api.url}/api/polls/active`, { headers: { cookie: adminCookie } })).json()) as { id: number; totalVotes: number }[];
    const tallied = polls.reduce((sum, id) => sum + (active.find((p) => p.id === id)?.totalVotes ?? 0), 0);
    const exact = tallied === accepted && accepted === voters.length * polls.length;
    console.log(
      `\nvote storm ${voters.length} voters × ${polls.length} polls × 2 concurrent votes, after a warm-up storm: ${fmt(accepted / seconds, 0)} counted votes/s ` +
        `(${fmt(acks.length / seconds, 0)} answered/s), server CPU ${pct(serverCpu / seconds)}, bench client CPU ` +
        `${pct((client.user + client.system) / 1e6 / seconds)}; accepted ${accepted}, tallied ${tallied} — ${exact ? 'every tally exact' : 'MISMATCH'}`,
    );
    for (const s of voters) s.close();
  } finally {
    await api.stop();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-'));
console.log(`realtime benchmark (${os.availableParallelism()} cores): ${[...PARTS].join(', ')}`);
if (PARTS.has('capacity') || PARTS.has('cluster')) {
  // Each socket is an open file in the server and in a listener: children inherit this limit.
  const files = raiseOpenFileLimit(CAPACITY_MAX + 10_000);
  socketsPerProcess = files - 1000;
  console.log(`open files allowed per process: ${files}${socketsPerProcess < CAPACITY_MAX ? ` (ramps stop at ${socketsPerProcess} sockets a server process: raise it with ulimit -n)` : ''}`);
}
try {
  if (PARTS.has('message')) await messageCpu(dir);
  if (PARTS.has('views')) await endedViews();
  if (PARTS.has('chat')) await fanOut(dir);
  if (PARTS.has('capacity')) await capacity(dir);
  if (PARTS.has('cluster')) await clusterCapacity(dir);
  if (PARTS.has('votes')) await voteStorm(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
