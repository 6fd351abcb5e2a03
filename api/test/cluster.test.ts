/**
 * `API_PROCESSES=2 npm start` on one SQLite file and Redis, as a one-machine deployment runs it: both
 * processes serve the one port, sockets on different processes share rooms and presence, concurrent
 * writes from both processes all land, a scrape of /metrics counts both, a process that dies is
 * replaced, and SIGTERM stops them all.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.ts';
import { SMALL_SEED } from './support/app.ts';
import { createSessions } from './support/sessions.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/databases.ts';
import { startApiProcess, type ApiProcess } from '../../test-support/processes.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { closeAllSockets, connectSocket, emitWithAck, nextEvent } from './support/sockets.ts';
import { expectCleanMetrics, sample, samples } from './support/metrics.ts';

const hasRedis = await redisAvailable();
const MESSAGES = 60;
const VOTERS = 40;
const SECRET = 'cluster-secret-cluster-secret-cluster-secret-0';

/** One request on a connection of its own, so the cluster's primary hands each to the next process. */
function freshRequest(url: string, options: { method?: string; cookie?: string; body?: unknown } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const request = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { connection: 'close', ...(options.cookie ? { cookie: options.cookie } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    request.on('error', reject);
    request.setTimeout(5000, () => request.destroy(new Error(`no answer from ${url} within 5 s`)));
    request.end(payload);
  });
}

/** One scrape over a fresh connection (any process may take it): it must cover the whole cluster and lint clean. */
async function scrape(baseUrl: string): Promise<string> {
  const { status, text } = await freshRequest(`${baseUrl}/metrics`);
  expect(status, text).toBe(200);
  expectCleanMetrics(text);
  return text;
}

/** Open sockets by API process (node id), from one scrape; a process down at that moment is absent. */
async function socketsByProcess(baseUrl: string): Promise<Map<string, number>> {
  // While a process is down, a connection handed to it may fail: ask again.
  let text = '';
  for (let attempt = 0; attempt < 10 && !text; attempt++) text = await scrape(baseUrl).catch(() => '');
  return new Map(samples(text, 'onair_sockets').map(({ labels, value }) => [labels.get('node')!, value]));
}

const pidOf = (nodeId: string) => Number(nodeId.split(':').at(-1));

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie().find((c) => c.startsWith('onair.sid='))!.split(';')[0]!;
}

describe.runIf(hasRedis)('API_PROCESSES=2: one port, two processes, one SQLite file', () => {
  const prefix = uniquePrefix('cluster');
  let database: TestDatabase;
  let api: ApiProcess;
  let voterCookies: string[];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedDemo(database.db.kysely, SMALL_SEED);
    const audience = await database.db.kysely.selectFrom('users').select('id').where('passwordHash', '=', '').limit(VOTERS).execute();
    voterCookies = await createSessions(database.db.kysely, SECRET, audience.map((u) => u.id));
    api = await startApiProcess({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      API_PROCESSES: '2',
      SESSION_SECRET: SECRET,
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
      MEDIA_INGEST: 'false',
      CHAT_RATE_LIMIT: '1000',
    });
  }, 120_000);

  afterAll(async () => {
    closeAllSockets();
    await api?.stop();
    await database?.destroy();
    await clearPrefix(prefix);
  });

  it('serves the port from both processes', async () => {
    expect((await socketsByProcess(api.url)).size).toBe(2);
  });

  it('offers WebSocket only: a long-polling handshake gets a clear 400', async () => {
    const polling = await freshRequest(`${api.url}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(400);
    expect(polling.text).toContain('Transport unknown');
  });

  it('shares rooms and presence between sockets on different processes', async () => {
    const [live] = (await (await fetch(`${api.url}/api/content?live=true`)).json()) as { id: number }[];
    const [viewer, listener] = await Promise.all([signIn(api.url, 'viewer', 'viewer123'), signIn(api.url, 'listener', 'listener123')]);
    const first = await connectSocket(api.url, viewer);
    const second = await connectSocket(api.url, listener);
    // Each process holds one of the two sockets (the primary hands connections out in turn).
    expect([...(await socketsByProcess(api.url)).values()].sort()).toEqual([1, 1]);

    await emitWithAck(first, 'content:watch', { contentId: live!.id });
    expect(await emitWithAck(second, 'content:watch', { contentId: live!.id })).toMatchObject({ ok: true, data: { viewerCount: 2 } });
    const arrival = nextEvent(second, 'chat:message', (m) => m.message === 'From the other process');
    expect(await emitWithAck(first, 'chat:send', { message: 'From the other process', contentId: live!.id })).toMatchObject({ ok: true });
    expect((await arrival).username).toBe('viewer');
    closeAllSockets();
  });

  it('lands every one of many concurrent writes made through both processes', async () => {
    const cookie = await signIn(api.url, 'viewer', 'viewer123');
    const [live] = (await (await fetch(`${api.url}/api/content?live=true`)).json()) as { id: number }[];
    const sent = await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) =>
        freshRequest(`${api.url}/api/chat/send`, { method: 'POST', cookie, body: { message: `burst ${i}`, contentId: live!.id } }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(MESSAGES).fill(201));
    const stored = await database.db.kysely.selectFrom('chatMessages').select('message').where('message', 'like', 'burst %').execute();
    expect(stored).toHaveLength(MESSAGES);

    // Each process took about half of them; every scrape, whichever process takes it, counts them all.
    for (let i = 0; i < 4; i++) expect(sample(await scrape(api.url), 'onair_chat_messages_total')).toBe(MESSAGES + 1);

    // Votes are read-then-write transactions, batched in each process: the two processes' batches overlap.
    const creator = await signIn(api.url, 'creator', 'creator123');
    const poll = JSON.parse((await freshRequest(`${api.url}/api/polls`, { method: 'POST', cookie: creator, body: { question: 'Both processes?', options: ['a', 'b'] } })).text) as { id: number };
    const votes = await Promise.all(
      voterCookies.map((cookie, i) => freshRequest(`${api.url}/api/polls/vote`, { method: 'POST', cookie, body: { pollId: poll.id, optionIndex: i % 2 } })),
    );
    expect(votes.map((r) => r.status)).toEqual(Array(voterCookies.length).fill(200));
    const counted = await database.db.kysely.selectFrom('pollVotes').select(({ fn }) => fn.countAll<number>().as('n')).where('pollId', '=', poll.id).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(voterCookies.length);
  });

  it('drops every process’s cached read when one process writes what it holds', async () => {
    const usersSeen = async () => {
      const seen = new Set<number>();
      for (let i = 0; i < 6; i++) seen.add((JSON.parse((await freshRequest(`${api.url}/api/public/stats`)).text) as { globalUsers: number }).globalUsers);
      return [...seen];
    };
    const [before] = await usersSeen(); // both processes now hold the answer (for up to 5 s)
    const registered = await freshRequest(`${api.url}/api/register`, {
      method: 'POST',
      body: { email: 'cluster@example.com', username: 'cluster_fan', password: 'correct-horse' },
    });
    expect(registered.status).toBe(201);
    await new Promise((r) => setTimeout(r, 200));
    expect(await usersSeen()).toEqual([before! + 1]);
  });

  it('replaces a process that dies, and SIGTERM stops every process', async () => {
    const before = [...(await socketsByProcess(api.url)).keys()];
    const victim = pidOf(before[0]!);
    process.kill(victim, 'SIGKILL');
    let after: string[] = [];
    for (let i = 0; i < 80; i++) {
      after = [...(await socketsByProcess(api.url)).keys()];
      if (after.length === 2 && !after.some((node) => pidOf(node) === victim)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(after).toHaveLength(2);
    expect(after.map(pidOf)).not.toContain(victim);

    await api.stop();
    expect(api.child.exitCode).toBe(0);
    for (const pid of after.map(pidOf)) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
