/**
 * Poll tallies from running totals: after the demo seed and after a burst of concurrent votes (each
 * voter twice at once, so half the writes are refused; written in batches), the tally rows equal a
 * count over the votes, and the poll answers those figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Poll } from '@onair/protocol';
import { createTestApp, signIn, SMALL_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { recountPollTallies } from '../../db/migrations/0019_poll_tallies.ts';
import { vote } from './service.ts';

const dialects = await testDialects();
const VOTERS = 40;

/** "poll:option" → votes, the slow way and from the tally rows. */
async function rawAndRunning(t: TestApp) {
  const db = t.database.db.kysely;
  const raw = await db
    .selectFrom('pollVotes')
    .select(['pollId', 'optionIndex', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['pollId', 'optionIndex'])
    .execute();
  const running = await db.selectFrom('pollTallies').select(['pollId', 'optionIndex', 'votes']).where('votes', '>', 0).execute();
  const asMap = (rows: { pollId: number; optionIndex: number; n: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [`${r.pollId}:${r.optionIndex}`, Number(r.n)]));
  return { raw: asMap(raw), running: asMap(running.map((r) => ({ ...r, n: r.votes }))) };
}

describe.each(dialects)('poll tallies on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Seeded polls with votes, so the migration's recount has something to agree with.
    t = await createTestApp(dialect, { seed: { ...SMALL_SEED, polls: 6 } });
  });
  afterAll(() => t.close());

  it('start equal to the seeded votes', async () => {
    const { raw, running } = await rawAndRunning(t);
    expect(Object.keys(raw).length).toBeGreaterThan(0);
    expect(running).toEqual(raw);
  });

  it('stay exact through a burst of concurrent votes, duplicates refused', async () => {
    const creator = await signIn(t.app, 'creator', 'creator123');
    const created = await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: creator }, payload: { question: 'Best segment?', options: ['News', 'Music', 'Sport'], durationSeconds: 300 } });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = (created.json() as Poll).id;
    const users = await t.database.db.kysely.selectFrom('users').selectAll().where('status', '=', 'active').orderBy('id').limit(VOTERS).execute();
    expect(users).toHaveLength(VOTERS);

    const batchesBefore = t.app.votes.batches;
    const attempts = users.flatMap((user, i) => [0, 1].map(() => vote(t.app, user, { pollId, optionIndex: i % 3 })));
    const outcomes = await Promise.allSettled(attempts);
    // The burst was written in a few transactions, not one per vote (vote-batcher.ts).
    expect(t.app.votes.batches - batchesBefore).toBeLessThan(VOTERS);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(VOTERS);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.statusCode)).toEqual(Array(VOTERS).fill(409));

    const { raw, running } = await rawAndRunning(t);
    expect(running).toEqual(raw);
    const expected = [0, 1, 2].map((option) => users.filter((_, i) => i % 3 === option).length);
    const active = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers: { cookie: creator } })).json() as Poll[];
    expect(active.find((p) => p.id === pollId)).toMatchObject({ votes: expected, totalVotes: VOTERS });
  });

  it('recount to the same rows', async () => {
    const before = await rawAndRunning(t);
    await recountPollTallies(t.database.db.kysely);
    expect((await rawAndRunning(t)).running).toEqual(before.running);
  });
});
