/**
 * Two API processes against the same Postgres and Redis, as in production: what happens on one node is
 * seen on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.ts';
import { SMALL_SEED } from './support/app.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../../test-support/databases.ts';
import { startApiProcess, type ApiProcess } from '../../test-support/processes.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../test-support/redis.ts';
import { closeAllSockets, connectSocket, emitWithAck, nextEvent } from './support/sockets.ts';

const ready = (await postgresAvailable()) && (await redisAvailable());

async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('onair.sid='));
  return cookie!.split(';')[0]!;
}

const json = async <T = unknown>(response: Promise<Response>): Promise<T> => (await response).json() as Promise<T>;

const post = (baseUrl: string, path: string, cookie: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });

describe.skipIf(!ready)('two API nodes on Postgres and Redis', () => {
  let database: TestDatabase;
  let a: ApiProcess;
  let b: ApiProcess;
  const prefix = uniquePrefix('scale');

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDemo(database.db.kysely, SMALL_SEED);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: 'scale-out-secret-scale-out-secret-0123456789',
      SEED_DEMO: 'false',
      WEB_DIST: '/nonexistent',
    };
    [a, b] = await Promise.all([startApiProcess({ ...env, NODE_ID: 'node-a' }), startApiProcess({ ...env, NODE_ID: 'node-b' })]);
  }, 120_000);

  afterAll(async () => {
    closeAllSockets();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.destroy();
    await clearPrefix(prefix);
  });

  it('shares sessions: a cookie from node A works on node B', async () => {
    const cookie = await signIn(a.url, 'viewer', 'viewer123');
    const me = await fetch(`${b.url}/api/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('delivers a message sent through node A to a socket on node B', async () => {
    const [viewer, creator] = await Promise.all([signIn(a.url, 'viewer', 'viewer123'), signIn(b.url, 'creator', 'creator123')]);
    const onB = await connectSocket(b.url, creator);
    const arrival = nextEvent(onB, 'chat:message', (m) => m.message === 'Across the cluster');
    const sent = await post(a.url, '/api/chat/send', viewer, { message: 'Across the cluster' });
    expect(sent.status).toBe(201);
    expect((await arrival).username).toBe('viewer');
  });

  it('moves the tally seen on node B when a vote goes through node A', async () => {
    const [viewer, creator] = await Promise.all([signIn(a.url, 'viewer', 'viewer123'), signIn(a.url, 'creator', 'creator123')]);
    const poll = await json<{ id: number }>(post(a.url, '/api/polls', creator, { question: 'Cluster?', options: ['yes', 'no'] }));
    const onB = await connectSocket(b.url, creator);
    const tally = nextEvent(onB, 'poll:tally', (t) => t.pollId === poll.id, 5000);
    expect((await post(a.url, '/api/polls/vote', viewer, { pollId: poll.id, optionIndex: 0 })).status).toBe(200);
    expect(await tally).toMatchObject({ votes: [1, 0], totalVotes: 1 });
  });

  it('sums presence across both nodes', async () => {
    const [live] = await json<{ id: number }[]>(fetch(`${a.url}/api/content?live=true`));
    const [viewer, listener] = await Promise.all([signIn(a.url, 'viewer', 'viewer123'), signIn(b.url, 'listener', 'listener123')]);
    const onA = await connectSocket(a.url, viewer);
    const onB = await connectSocket(b.url, listener);
    await emitWithAck(onA, 'content:watch', { contentId: live!.id });
    const ack = await emitWithAck(onB, 'content:watch', { contentId: live!.id });
    expect(ack).toMatchObject({ ok: true, data: { viewerCount: 2 } });
    for (const node of [a, b]) {
      const items = await json<{ id: number; viewerCount: number }[]>(fetch(`${node.url}/api/content?live=true`));
      expect(items.find((c) => c.id === live!.id)?.viewerCount).toBe(2);
    }
    onB.disconnect();
    await new Promise((r) => setTimeout(r, 300));
    const items = await json<{ id: number; viewerCount: number }[]>(fetch(`${a.url}/api/content?live=true`));
    expect(items.find((c) => c.id === live!.id)?.viewerCount).toBe(1);
  });
});
