/**
 * A batch of votes is rewarded as a whole (rewards/service.ts recordRewards): when everyone votes in
 * three polls at once, each vote pays its points once, the "Vote in 2 polls" challenge pays each
 * voter once, the day totals equal a recount from the records, and the total pushed to a voter's
 * socket is the total their profile shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, type Poll } from '@onair/protocol';
import { createTestApp, listen, signIn, SMALL_SEED, type TestApp } from '../../../test/support/app.ts';
import { closeAllSockets, collect, connectSocket } from '../../../test/support/sockets.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { recountUserActivity } from '../../db/migrations/0020_user_activity.ts';
import { POINTS, utcDayKey } from '../rewards/ledger.ts';
import { vote } from './service.ts';

const dialects = await testDialects();
const VOTERS = 30;
const POLLS = 3;
const VOTE_CHALLENGE_POINTS = 30;

describe.each(dialects)('rewards of a vote storm on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: SMALL_SEED });
    url = await listen(t);
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const dayRows = async () =>
    (await t.database.db.kysely.selectFrom('userActivityDays').selectAll().orderBy('userId').orderBy('day').execute()).map((r) =>
      Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])),
    );

  it('pays every vote and each voter’s daily challenge exactly once, and pushes the true total', async () => {
    const db = t.database.db.kysely;
    const creator = await signIn(t.app, 'creator', 'creator123');
    const pollIds: number[] = [];
    for (let i = 0; i < POLLS; i++) {
      const created = await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: creator }, payload: { question: `Round ${i + 1}?`, options: ['A', 'B'], durationSeconds: 300 } });
      expect(created.statusCode, created.body).toBe(201);
      pollIds.push((created.json() as Poll).id);
    }
    const viewerCookie = await signIn(t.app, 'viewer', 'viewer123');
    const voters = await db.selectFrom('users').selectAll().where('status', '=', 'active').where('username', '!=', 'creator').orderBy('id').limit(VOTERS).execute();
    const viewer = voters.find((u) => u.username === 'viewer');
    expect(viewer, 'the demo viewer is among the voters').toBeDefined();
    const socket = await connectSocket(url, viewerCookie);
    const pushes = collect(socket, 'gamification:points');
    const ledgerOf = async () =>
      new Map((await db.selectFrom('pointsLedger').select(['userId', (eb) => eb.fn.sum<number | string>('points').as('points')]).groupBy('userId').execute()).map((r) => [r.userId, Number(r.points)]));
    const before = await ledgerOf();
    const challengeBefore = new Set(
      (await db.selectFrom('pointsLedger').select('userId').where('action', '=', 'challenge:vote-2-polls').where('ref', '=', utcDayKey(Date.now())).execute()).map((r) => r.userId),
    );

    // Everyone votes in every poll at once, each vote sent twice.
    const batchesBefore = t.app.votes.batches;
    const outcomes = await Promise.allSettled(voters.flatMap((user) => pollIds.flatMap((pollId) => [0, 1].map(() => vote(t.app, user, { pollId, optionIndex: user.id % 2 })))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(VOTERS * POLLS);
    expect(t.app.votes.batches - batchesBefore).toBeLessThan(VOTERS * POLLS);

    const after = await ledgerOf();
    for (const user of voters) {
      const challenge = challengeBefore.has(user.id) ? 0 : VOTE_CHALLENGE_POINTS;
      expect(after.get(user.id)! - (before.get(user.id) ?? 0), user.username).toBe(POLLS * POINTS.vote + challenge);
    }
    const challengeRows = await db.selectFrom('pointsLedger').select('userId').where('action', '=', 'challenge:vote-2-polls').where('ref', '=', utcDayKey(Date.now())).execute();
    expect(new Set(challengeRows.map((r) => r.userId)).size).toBe(challengeRows.length);

    const kept = await dayRows();
    await recountUserActivity(db);
    expect(await dayRows()).toEqual(kept);
    const today = kept.find((r) => r.userId === viewer!.id && r.day === Math.floor(Date.now() / DAY_MS))!;
    expect(today.votes).toBeGreaterThanOrEqual(POLLS);

    const profile = (await t.app.inject({ method: 'GET', url: '/api/user/gamification', headers: { cookie: viewerCookie } })).json() as { points: number };
    await expect.poll(() => pushes.seen.at(-1)?.points).toBe(profile.points);
    pushes.stop();
  });
});
