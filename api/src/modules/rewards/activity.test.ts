/**
 * The running day totals (migration 0020) and points totals (migration 0026) against the records they
 * count: after chat messages, votes, questions, shares and a recorded view through the real routes, the
 * rows the writes kept equal a recount from the records, on both databases; the gamification profile
 * and its leaderboard read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, SMALL_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { recountUserActivity } from '../../db/migrations/0020_user_activity.ts';
import { recountUserPoints } from '../../db/migrations/0026_user_points.ts';
import { recordView } from '../analytics/views.ts';

const dialects = await testDialects();

describe.each(dialects)('user activity totals (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: { ...SMALL_SEED, polls: 4, chatMessages: 40, questions: 6 } });
  });
  afterAll(() => t.close());

  const totals = async () =>
    (await t.database.db.kysely.selectFrom('userPoints').select(['userId', 'points']).orderBy('userId').execute()).map((r) => ({ userId: r.userId, points: Number(r.points) }));
  const snapshot = async () =>
    (await t.database.db.kysely.selectFrom('userActivityDays').selectAll().orderBy('userId').orderBy('day').execute()).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])));

  it('keeps the same counts a recount from the records gives', async () => {
    const db = t.database.db.kysely;
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const headers = { cookie };
    const user = await db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    const before = (await t.app.inject({ method: 'GET', url: '/api/user/gamification', headers })).json();

    for (const message of ['Hello from the test', 'A second line', 'And a third']) {
      expect((await t.app.inject({ method: 'POST', url: '/api/chat/send', headers, payload: { message } })).statusCode).toBeLessThan(300);
    }
    const polls = (await t.app.inject({ method: 'GET', url: '/api/polls/active', headers })).json() as { id: number; hasVoted: boolean }[];
    const open = polls.filter((p) => !p.hasVoted);
    for (const poll of open) expect((await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers, payload: { pollId: poll.id, optionIndex: 0 } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/qna/submit', headers, payload: { question: 'How is the show made?' } })).statusCode).toBeLessThan(300);
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/content?live=false' })).json() as { id: number }[];
    expect((await t.app.inject({ method: 'POST', url: `/api/content/${item!.id}/share`, headers })).statusCode).toBeLessThan(300);
    await recordView(t.app, { contentId: item!.id, userId: user.id, viewerKey: `u:${user.id}`, device: 'web', country: 'GH', watchSeconds: 125, createdAt: Date.now() });

    const kept = await snapshot();
    const keptTotals = await totals();
    await recountUserActivity(db);
    await recountUserPoints(db);
    expect(await snapshot()).toEqual(kept);
    expect(await totals()).toEqual(keptTotals);

    const after = (await t.app.inject({ method: 'GET', url: '/api/user/gamification', headers })).json();
    expect(after.points).toBeGreaterThan(before.points);
    const today = Math.floor(Date.now() / 86_400_000);
    const row = kept.find((r) => r.userId === user.id && r.day === today)!;
    expect(row).toMatchObject({ messages: expect.any(Number), votes: expect.any(Number) });
    expect(row.messages).toBeGreaterThanOrEqual(3);
    expect(row.votes).toBeGreaterThanOrEqual(open.length);
    expect(row.questions).toBeGreaterThanOrEqual(1);
    expect(row.shares).toBe(1);
    expect(row.watchSeconds).toBeGreaterThanOrEqual(125);
    // The points of the day are the ledger's points of the day.
    const ledger = await db.selectFrom('pointsLedger').select('points').where('userId', '=', user.id).where('createdAt', '>=', today * 86_400_000).execute();
    expect(row.points).toBe(ledger.reduce((s, r) => s + r.points, 0));
    // The profile's points are the person's whole ledger, and the leaderboard ranks the same totals.
    const everything = await db.selectFrom('pointsLedger').select('points').where('userId', '=', user.id).execute();
    expect(after.points).toBe(everything.reduce((s, r) => s + r.points, 0));
    const board = after.leaderboard as { userId: number; points: number }[];
    const byTotal = keptTotals.filter((r) => r.points > 0).sort((a, b) => b.points - a.points || a.userId - b.userId);
    const active = new Set((await db.selectFrom('users').select('id').where('status', '=', 'active').execute()).map((r) => r.id));
    expect(board.map((r) => [r.userId, r.points])).toEqual(byTotal.filter((r) => active.has(r.userId)).slice(0, board.length).map((r) => [r.userId, r.points]));
    expect(board.length).toBeGreaterThan(1);
  });
});
