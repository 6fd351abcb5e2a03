/**
 * `npm run bench:realtime`: chat fan-out and a vote storm against a real API process on loopback.
 *
 *   BENCH_CLIENTS   sockets in one content room          (default 1000)
 *   BENCH_RATE      chat messages per second sent        (default 20)
 *   BENCH_SECONDS   sending time                          (default 10)
 *   BENCH_VOTERS    voters in the vote storm              (default 1000)
 *   BENCH_POLLS     polls each voter votes in at once     (default 5)
 *   BENCH_PART      `chat`, `votes` or both               (default both)
 *   BENCH_PROFILE_DIR  write a V8 CPU profile of each API process there
 *
 * Prints end-to-end delivery latency (p50/p95/p99), deliveries per second, server CPU and memory per
 * connection; then the same load against a bare `ws` broadcast server and the ratio; then a vote storm
 * on its own server: every voter sends two votes at once in each poll (one must be refused), and the
 * bench prints counted votes per second and whether each final tally equals the votes accepted.
 * Never fails on time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import type { ClientToServerEvents, ServerToClientEvents } from '@onair/protocol';
import { migrateToLatest, openDatabase } from '../src/db/index.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { startApiProcess, REPO_ROOT } from '../../test-support/processes.ts';
import { createSessions, fmt, percentile, processUsage } from './support.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VOTERS = Number(process.env.BENCH_VOTERS ?? 1000);
const POLLS = Number(process.env.BENCH_POLLS ?? 5);
const PART = process.env.BENCH_PART ?? 'both';
const SECRET = 'bench-secret-bench-secret-bench-secret-000000';
const DRAIN_MS = 2000;

interface LoadResult {
  latencies: number[];
  deliveries: number;
  seconds: number;
  cpuSeconds: number;
  rssPerConnection: number;
}

function report(label: string, r: LoadResult) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(10)} p50 ${fmt(percentile(sorted, 50))} ms  p95 ${fmt(percentile(sorted, 95))} ms  p99 ${fmt(percentile(sorted, 99))} ms  ` +
      `${fmt(r.deliveries / r.seconds, 0)} deliveries/s  server CPU ${fmt((r.cpuSeconds / r.seconds) * 100)}%  ` +
      `${fmt(r.rssPerConnection / 1024)} KiB/connection`,
  );
}

/** Sends RATE messages a second for SECONDS and collects every delivery's latency. */
async function drive(send: (seq: number) => void, expectedPerMessage: number, latencies: number[], pid: number) {
  const before = processUsage(pid);
  const started = Date.now();
  const total = RATE * SECONDS;
  for (let seq = 0; seq < total; seq++) {
    const due = started + (seq * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    send(seq);
  }
  const deadline = Date.now() + DRAIN_MS;
  while (latencies.length < total * expectedPerMessage && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const seconds = (Date.now() - started) / 1000;
  const after = processUsage(pid);
  return { seconds, cpuSeconds: after.cpuSeconds - before.cpuSeconds };
}

interface BenchServer {
  api: Awaited<ReturnType<typeof startApiProcess>>;
  adminCookie: string;
  voterCookies: string[];
  liveId: number;
}

/** A seeded database with sessions for the admin and the voters, and an API process over it. */
async function benchServer(dir: string, name: string, env: Record<string, string> = {}): Promise<BenchServer> {
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
  const api = await startApiProcess({
    DATABASE_URL: dbFile,
    SESSION_SECRET: SECRET,
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent',
    // Every bench client comes from this machine: lift the per-address and per-account socket caps.
    SOCKETS_PER_IP: String(CLIENTS + VOTERS + 100),
    SOCKETS_PER_USER: String(CLIENTS + VOTERS + 100),
    CHAT_RATE_LIMIT: String(RATE * SECONDS * 2),
    VOTE_RATE_LIMIT: String(POLLS * 2 + 10),
    ...env,
  }, 60_000, process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []);
  return { api, adminCookie: adminCookie!, voterCookies, liveId: live.id };
}

function opener(url: string) {
  return (cookie?: string): Promise<ClientSocket> =>
    new Promise((resolve, reject) => {
      const s: ClientSocket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: cookie ? { cookie } : {} });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
}

async function socketIoFanOut(dir: string): Promise<LoadResult> {
  const { api, adminCookie, liveId } = await benchServer(dir, 'chat');
  const live = { id: liveId };
  const pid = api.child.pid!;
  try {
    const idle = processUsage(pid).rssBytes;
    const open = opener(api.url);
    const listeners: ClientSocket[] = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, CLIENTS - i) }, () => open()));
      await Promise.all(batch.map((s) => s.timeout(10_000).emitWithAck('content:watch', { contentId: live.id, device: 'web' })));
      listeners.push(...batch);
    }
    await new Promise((r) => setTimeout(r, 500));
    const connected = processUsage(pid).rssBytes;
    const latencies: number[] = [];
    for (const s of listeners) s.on('chat:message', (m) => latencies.push(Date.now() - Number(m.message.split(':')[2])));
    const sender = await open(adminCookie);
    const { seconds, cpuSeconds } = await drive(
      (seq) => sender.emit('chat:send', { message: `bench:${seq}:${Date.now()}`, contentId: live.id }, () => undefined),
      CLIENTS,
      latencies,
      pid,
    );
    const result = { latencies, deliveries: latencies.length, seconds, cpuSeconds, rssPerConnection: (connected - idle) / CLIENTS };
    for (const s of [...listeners, sender]) s.disconnect();
    return result;
  } finally {
    await api.stop();
  }
}

/** Votes counted per second, on a server of its own; every tally checked against the votes accepted. */
async function voteStorm(dir: string) {
  const { api, adminCookie, voterCookies } = await benchServer(dir, 'votes');
  try {
    const polls: number[] = [];
    for (let i = 0; i < POLLS; i++) {
      const created = await fetch(`${api.url}/api/polls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: adminCookie },
        body: JSON.stringify({ question: `Vote storm ${i + 1}`, options: ['a', 'b', 'c', 'd'], durationSeconds: 600 }),
      });
      polls.push(((await created.json()) as { id: number }).id);
    }
    const open = opener(api.url);
    const voters: ClientSocket[] = [];
    for (let i = 0; i < voterCookies.length; i += 100) voters.push(...(await Promise.all(voterCookies.slice(i, i + 100).map((c) => open(c)))));
    const before = processUsage(api.child.pid!);
    const clientBefore = process.cpuUsage();
    const started = Date.now();
    // Every voter votes twice at once in every poll: only one of each pair may count.
    const acks = await Promise.all(
      voters.flatMap((s, i) => polls.flatMap((pollId) => [0, 1].map((k) => s.timeout(60_000).emitWithAck('poll:vote', { pollId, optionIndex: (i + k) % 4 })))),
    );
    const seconds = (Date.now() - started) / 1000;
    const serverCpu = processUsage(api.child.pid!).cpuSeconds - before.cpuSeconds;
    const client = process.cpuUsage(clientBefore);
    const accepted = acks.filter((a) => a.ok).length;
    const active = (await (await fetch(`${api.url}/api/polls/active`, { headers: { cookie: adminCookie } })).json()) as { id: number; totalVotes: number }[];
    const tallied = polls.reduce((sum, id) => sum + (active.find((p) => p.id === id)?.totalVotes ?? 0), 0);
    const exact = tallied === accepted && accepted === voters.length * polls.length;
    console.log(
      `vote storm ${voters.length} voters × ${polls.length} polls × 2 concurrent votes: ${fmt(accepted / seconds, 0)} counted votes/s ` +
        `(${fmt(acks.length / seconds, 0)} answered/s), server CPU ${fmt((serverCpu / seconds) * 100)}%, bench client CPU ` +
        `${fmt(((client.user + client.system) / 1e6 / seconds) * 100)}%; accepted ${accepted}, tallied ${tallied} — ${exact ? 'every tally exact' : 'MISMATCH'}`,
    );
    for (const s of voters) s.disconnect();
  } finally {
    await api.stop();
  }
}

async function wsBaseline(): Promise<LoadResult> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'api/bench/ws-baseline-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (d) => resolve(Number(/listening (\d+)/.exec(String(d))?.[1]))));
  try {
    const pid = child.pid!;
    const idle = processUsage(pid).rssBytes;
    const clients: WebSocket[] = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      clients.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(50, CLIENTS - i) }, () =>
            new Promise<WebSocket>((resolve, reject) => {
              const ws = new WebSocket(`ws://127.0.0.1:${port}`);
              ws.once('open', () => resolve(ws));
              ws.once('error', reject);
            }),
          ),
        )),
      );
    }
    await new Promise((r) => setTimeout(r, 500));
    const connected = processUsage(pid).rssBytes;
    const latencies: number[] = [];
    for (const ws of clients) ws.on('message', (d) => latencies.push(Date.now() - Number(String(d).split(':')[2])));
    const sender = clients[0]!;
    const { seconds, cpuSeconds } = await drive((seq) => sender.send(`bench:${seq}:${Date.now()}`), CLIENTS, latencies, pid);
    for (const ws of clients) ws.close();
    return { latencies, deliveries: latencies.length, seconds, cpuSeconds, rssPerConnection: (connected - idle) / CLIENTS };
  } finally {
    child.kill();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-bench-'));
console.log(`realtime benchmark: ${CLIENTS} clients in one room, ${RATE} messages/s for ${SECONDS} s (${os.availableParallelism()} cores)`);
try {
  if (PART !== 'votes') {
    const socketIo = await socketIoFanOut(dir);
    report('socket.io', socketIo);
    const ws = await wsBaseline();
    report('bare ws', ws);
    const p50 = (r: LoadResult) => percentile([...r.latencies].sort((a, b) => a - b), 50);
    console.log(
      `ratio      p50 latency ×${fmt(p50(socketIo) / p50(ws), 2)}, deliveries/s ×${fmt(socketIo.deliveries / socketIo.seconds / (ws.deliveries / ws.seconds), 2)}, ` +
        `CPU ×${fmt(socketIo.cpuSeconds / Math.max(ws.cpuSeconds, 0.01), 2)} (socket.io with persistence, scoring and rooms vs a bare broadcast)`,
    );
  }
  if (PART !== 'chat') await voteStorm(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
