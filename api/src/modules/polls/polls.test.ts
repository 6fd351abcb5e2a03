import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PollSchema } from '@onair/protocol';
import { createTestApp, listen, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck, nextEvent } from '../../../test/support/sockets.ts';

const dialects = await testDialects();

describe.each(dialects)('polls on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let listener: string;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    url = await listen(t);
    [viewer, listener, creator] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
      signIn(t.app, 'creator', 'creator123'),
    ]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const createPoll = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie }, payload });

  it('lets creators create a poll that arrives live, and refuses viewers and bad input', async () => {
    const watcher = await connectSocket(url, viewer);
    const announced = nextEvent(watcher, 'poll:created');
    const response = await createPoll(creator, { question: 'Who wins tonight?', options: ['Home', 'Away', 'Draw'], durationSeconds: 120 });
    expect(response.statusCode).toBe(201);
    const poll = PollSchema.parse(response.json());
    expect(poll).toMatchObject({ votes: [0, 0, 0], totalVotes: 0, hasVoted: false, contentId: null, contentTitle: null });
    expect(poll.timeRemaining).toBeGreaterThan(115);
    expect((await announced).id).toBe(poll.id);

    // A poll in a show's room names the show, so a list of polls from several rooms reads clearly.
    const show = await t.database.db.kysely.selectFrom('content').innerJoin('users', 'users.id', 'content.creatorId')
      .select(['content.id', 'content.title']).where('users.username', '=', 'creator').orderBy('content.id').executeTakeFirstOrThrow();
    const inShow = await createPoll(creator, { question: 'Encore?', options: ['Yes', 'No'], contentId: show.id });
    expect(inShow.statusCode).toBe(201);
    expect(PollSchema.parse(inShow.json())).toMatchObject({ contentId: show.id, contentTitle: show.title });

    expect((await createPoll(viewer, { question: 'Q?', options: ['a', 'b'] })).statusCode).toBe(403);
    const tooFew = await createPoll(creator, { question: 'Q?', options: ['only one'] });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.body).toMatch(/^options/);
    expect((await createPoll(creator, { question: 'Q?', options: ['1', '2', '3', '4', '5', '6', '7'] })).statusCode).toBe(400);
    expect((await createPoll(creator, { question: '', options: ['a', 'b'] })).body).toMatch(/^question/);
    // The same choice twice would split its votes between two buttons.
    const twice = await createPoll(creator, { question: 'Q?', options: ['Yes', 'No', ' yes '] });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toBe('options must all differ: "yes" is there twice');
  });

  it('counts a vote once, pushes the tally to others and reports hasVoted per user', async () => {
    const poll = (await createPoll(creator, { question: 'Best set?', options: ['Opening', 'Encore'], durationSeconds: 60 })).json();
    const [voter, other] = [await connectSocket(url, viewer), await connectSocket(url, listener)];
    const tally = nextEvent(other, 'poll:tally', (p) => p.pollId === poll.id && p.totalVotes === 1);
    const ack = await emitWithAck(voter, 'poll:vote', { pollId: poll.id, optionIndex: 1 });
    expect(ack).toMatchObject({ ok: true, data: { pollId: poll.id, votes: [0, 1], totalVotes: 1, optionIndex: 1 } });
    expect((await tally).votes).toEqual([0, 1]);

    const again = await emitWithAck(voter, 'poll:vote', { pollId: poll.id, optionIndex: 0 });
    expect(again).toMatchObject({ ok: false, status: 409 });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers: { cookie: viewer } })).json();
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers: { cookie: listener } })).json();
    expect(mine.find((p: { id: number }) => p.id === poll.id).hasVoted).toBe(true);
    expect(theirs.find((p: { id: number }) => p.id === poll.id).hasVoted).toBe(false);
    // The voter's list says which option they chose; nobody else's does.
    expect(mine.find((p: { id: number }) => p.id === poll.id).myVote).toBe(1);
    expect(theirs.find((p: { id: number }) => p.id === poll.id).myVote).toBeNull();
  });

  it('counts concurrent double votes from one person once', async () => {
    const poll = (await createPoll(creator, { question: 'Race?', options: ['a', 'b', 'c'] })).json();
    const results = await Promise.all(
      [0, 1, 2, 0, 1].map((optionIndex) =>
        t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: listener }, payload: { pollId: poll.id, optionIndex } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const votes = await t.database.db.kysely.selectFrom('pollVotes').selectAll().where('pollId', '=', poll.id).execute();
    expect(votes).toHaveLength(1);
  });

  it('coalesces tally pushes under a burst of votes and ends on the true count', async () => {
    const poll = (await createPoll(creator, { question: 'Burst?', options: ['x', 'y'] })).json();
    const watcher = await connectSocket(url, creator);
    const pushes = collect(watcher, 'poll:tally');
    const voters = await Promise.all([viewer, listener].map((c) => connectSocket(url, c)));
    await Promise.all(voters.map((s, i) => emitWithAck(s, 'poll:vote', { pollId: poll.id, optionIndex: i % 2 })));
    await new Promise((r) => setTimeout(r, 600));
    const mine = pushes.seen.filter((p) => p.pollId === poll.id);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.at(-1)).toMatchObject({ votes: [1, 1], totalVotes: 2 });
  });

  it('refuses a vote on a closed poll, an unknown poll and an option out of range', async () => {
    const poll = (await createPoll(creator, { question: 'Closed?', options: ['a', 'b'] })).json();
    await t.database.db.kysely.updateTable('polls').set({ closesAt: Date.now() - 1000 }).where('id', '=', poll.id).execute();
    const vote = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: viewer }, payload: payload as object });
    const closed = await vote({ pollId: poll.id, optionIndex: 0 });
    expect(closed.statusCode).toBe(409);
    expect(closed.body).toBe('This poll has closed');
    expect((await vote({ pollId: 987654, optionIndex: 0 })).statusCode).toBe(404);
    const open = (await createPoll(creator, { question: 'Range?', options: ['a', 'b'] })).json();
    const outOfRange = await vote({ pollId: open.id, optionIndex: 5 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.body).toMatch(/^optionIndex/);
    expect((await vote({ pollId: 'x', optionIndex: 0 })).body).toMatch(/^pollId/);
    const active = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers: { cookie: viewer } })).json();
    expect(active.map((p: { id: number }) => p.id)).not.toContain(poll.id);
  });
});
