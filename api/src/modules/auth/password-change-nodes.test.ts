/**
 * A password change cuts the account's other sockets on every API node (issue 13, finding 1): two
 * nodes share the database and Redis (the Socket.IO adapter); the change is made through node A and
 * a socket of another session, connected to node B, is cut and receives nothing more.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@onair/protocol';
import { sessionCookie, signIn } from '../../../test/support/app.ts';
import { redisAvailable } from '../../../../test-support/redis.ts';
import { testNodes, type TestNodes } from '../../../test/support/nodes.ts';
import { closeAllSockets, collect, connectSocket } from '../../../test/support/sockets.ts';

const hasRedis = await redisAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(hasRedis)('password change across API nodes (real Redis)', () => {
  let cluster: TestNodes;
  const nodes: { app: FastifyInstance; url: string }[] = [];

  beforeAll(async () => {
    cluster = await testNodes('pwnodes');
    for (const nodeId of ['node-a', 'node-b']) {
      const { app, url } = await cluster.start(nodeId, { listen: true });
      nodes.push({ app, url: url! });
    }
  }, 120_000);
  afterAll(async () => {
    closeAllSockets();
    await cluster?.stop();
  });

  it('cuts the other session’s socket on the other node, which then receives nothing', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const mine = await signIn(a.app, 'viewer', 'viewer123');
    const elsewhere = await signIn(b.app, 'viewer', 'viewer123');
    const socket = await connectSocket(b.url, elsewhere);
    const notes = collect(socket, 'notification:new');
    let cut = false;
    socket.once('disconnect', () => (cut = true));
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: mine },
      payload: { currentPassword: 'viewer123', newPassword: 'a-new-password' },
    });
    expect(changed.statusCode).toBe(200);
    // The cut travels through Redis: wait for it (counted from the answer, not from the slow hashing).
    for (let i = 0; i < 200 && !cut; i++) await sleep(100);
    expect(cut, 'the socket on node B was cut').toBe(true);
    const id = (await cluster.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
    a.app.io.to(rooms.user(id)).emit('notification:new', { id: 1, message: 'private', createdAt: Date.now(), read: false } as never);
    await sleep(500);
    expect(notes.seen).toEqual([]);
    // The caller's new session works on either node.
    expect((await b.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(changed) } })).statusCode).toBe(200);
  }, 120_000);
});
