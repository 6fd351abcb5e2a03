/**
 * Two API processes on one Postgres database each write their own batches of votes (vote-batcher.ts),
 * and their transactions meet on the same rows: a poll's tallies, voters' day totals and points totals.
 * Rows locked in a different order by two transactions deadlock, and Postgres then aborts one, failing
 * every vote of its batch (this test saw it in its first round before db/locks.ts). Each batch locks in
 * one order (by poll and option, by person and day), so opposite batches at the same moment both land.
 * Postgres only: SQLite runs one writer at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../db/index.ts';
import { createTestApp, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { postgresAvailable } from '../../../../test-support/databases.ts';
import { readTallies } from './tally-counters.ts';
import { VoteBatcher, type BallotIn } from './vote-batcher.ts';

const ROUNDS = 12;
const OPTIONS = 4;

describe.runIf(await postgresAvailable())('vote batches of two processes on Postgres', () => {
  let t: TestApp;
  let other: Db;
  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: { ...TINY_SEED, audienceSize: 40 } });
    // Another process's connections: a pool of its own on the same database.
    other = openDatabase(t.database.url);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('lands opposite batches written at the same moment, every tally exact', async () => {
    const db = t.database.db.kysely;
    const creator = await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const voters = (await db.selectFrom('users').select('id').where('status', '=', 'active').orderBy('id').limit(40).execute()).map((u) => u.id);
    expect(voters.length).toBe(40);
    const half = voters.length / 2;
    const here = new VoteBatcher(db);
    const there = new VoteBatcher(other.kysely);

    for (let round = 0; round < ROUNDS; round++) {
      const now = Date.now();
      const { id: pollId } = await db
        .insertInto('polls')
        .values({ question: `Round ${round}?`, options: JSON.stringify(Array.from({ length: OPTIONS }, (_, i) => `Option ${i}`)), createdBy: creator.id, createdAt: now, closesAt: now + 60_000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ballot = (userId: number, optionIndex: number): BallotIn => ({ pollId, userId, optionIndex, idempotencyKey: null, at: now });
      // One process meets the options (and its voters) first to last, the other last to first.
      const forwards = voters.slice(0, half).map((userId, i) => ballot(userId, i % OPTIONS));
      const backwards = voters.slice(half).reverse().map((userId, i) => ballot(userId, OPTIONS - 1 - (i % OPTIONS)));
      const outcomes = await Promise.allSettled([...forwards.map((b) => here.submit(b)), ...backwards.map((b) => there.submit(b))]);
      const failed = outcomes.filter((o) => o.status === 'rejected');
      expect(failed.map((o) => String((o as PromiseRejectedResult).reason)).slice(0, 1), `round ${round}`).toEqual([]);

      const tallies = await readTallies(db, [pollId]);
      const expected = [...forwards, ...backwards].reduce((n, b) => n.set(b.optionIndex, (n.get(b.optionIndex) ?? 0) + 1), new Map<number, number>());
      expect(new Map(tallies.map((r) => [r.optionIndex, Number(r.votes)]))).toEqual(expected);
    }
  }, 60_000);
});
