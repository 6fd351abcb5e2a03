/**
 * Votes take an idempotency key like chat (issue 12, point 4): a vote sent over the socket whose
 * acknowledgement was lost, retried over REST with the same key, is answered as the vote that landed;
 * a second vote with another key is still refused, and the tally counts one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, emitWithAck } from '../../../test/support/sockets.ts';

const dialects = await testDialects();

describe.each(dialects)('a vote retried over REST on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
    [viewer, creator] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'creator', 'creator123')]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('answers the retry with the landed vote, refuses another key, and counts one', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: creator }, payload: { question: 'Encore?', options: ['Yes', 'No'], durationSeconds: 120 } });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = created.json().id as number;
    const socket = await connectSocket(url, viewer);
    const vote = { pollId, optionIndex: 1, idempotencyKey: 'vote-key-0001' };
    expect(await emitWithAck(socket, 'poll:vote', vote)).toMatchObject({ ok: true, data: { optionIndex: 1, totalVotes: 1 } });

    const retry = await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: viewer }, payload: vote });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ pollId, optionIndex: 1, votes: [0, 1], totalVotes: 1 });

    const other = await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: viewer }, payload: { ...vote, optionIndex: 0, idempotencyKey: 'vote-key-0002' } });
    expect(other.statusCode).toBe(409);
    const unkeyed = await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: viewer }, payload: { pollId, optionIndex: 1 } });
    expect(unkeyed.statusCode).toBe(409);
    const bad = await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: viewer }, payload: { ...vote, idempotencyKey: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/idempotencyKey/);
  });
});
