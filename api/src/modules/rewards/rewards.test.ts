import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, GamificationResponseSchema } from '@onair/protocol';
import { createTestApp, sessionCookie, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { streakLength } from './ledger.ts';

const dialects = await testDialects();

describe.each(dialects)('rewards on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  /** A new account: no seeded history, so its streak and points start from nothing. */
  let newcomer: string;
  beforeAll(async () => {
    // Six messages in a row for the challenge test, over the default rate limit.
    t = await createTestApp(dialect, { env: { CHAT_RATE_LIMIT: '20' } });
    creator = await signIn(t.app, 'creator', 'creator123');
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'newcomer@example.com', username: 'newcomer', password: 'correct-horse' },
    });
    newcomer = sessionCookie(registered);
  });
  afterAll(() => t.close());

  const profile = async (cookie: string) =>
    GamificationResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/user/gamification', headers: { cookie } })).json());

  it('earns points for real actions, tracks daily challenges and lets an earned achievement be claimed once', async () => {
    const before = await profile(newcomer);
    expect(before).toMatchObject({ points: 0, dailyStreaks: 0 });
    expect(before.achievements.find((a) => a.id === 'first-words')).toMatchObject({ earned: false, earnedDate: null });

    await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { cookie: newcomer }, payload: { message: 'First!' } });
    const poll = (
      await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: creator }, payload: { question: 'Q?', options: ['a', 'b'] } })
    ).json();
    await t.app.inject({ method: 'POST', url: '/api/polls/vote', headers: { cookie: newcomer }, payload: { pollId: poll.id, optionIndex: 0 } });
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/content?limit=1' })).json();
    const share = await t.app.inject({ method: 'POST', url: `/api/content/${item.id}/share`, headers: { cookie: newcomer }, payload: {} });
    expect(share.statusCode).toBe(200);
    // A second share of the same item the same day earns nothing more.
    await t.app.inject({ method: 'POST', url: `/api/content/${item.id}/share`, headers: { cookie: newcomer }, payload: {} });

    const after = await profile(newcomer);
    // chat 2 + vote 5 + share 10, plus the share challenge (40) completed today.
    expect(after.points - before.points).toBe(2 + 5 + 10 + 40);
    expect(after.dailyChallenges.find((c) => c.id === 'share-a-stream')).toMatchObject({ progress: 1, completed: true });
    expect(after.dailyChallenges.find((c) => c.id === 'send-5-messages')).toMatchObject({ progress: 1, completed: false });
    expect(after.dailyStreaks).toBe(1);
    const firstWords = after.achievements.find((a) => a.id === 'first-words')!;
    expect(firstWords).toMatchObject({ earned: true, earnedDate: null, progress: 1, maxProgress: 1, unit: 'count' });
    // Watch time is counted in seconds and says so, so the page can show hours.
    expect(after.achievements.find((a) => a.id === 'marathon')).toMatchObject({ maxProgress: 36_000, unit: 'seconds' });

    const claim = await t.app.inject({ method: 'POST', url: '/api/achievements/claim', headers: { cookie: newcomer }, payload: { achievementId: 'first-words' } });
    expect(claim.statusCode).toBe(200);
    expect(claim.json()).toMatchObject({ achievementId: 'first-words', pointsAwarded: 25 });
    const second = await t.app.inject({ method: 'POST', url: '/api/achievements/claim', headers: { cookie: newcomer }, payload: { achievementId: 'first-words' } });
    expect(second.statusCode).toBe(409);
    const claimed = await profile(newcomer);
    expect(claimed.achievements.find((a) => a.id === 'first-words')!.earnedDate).not.toBeNull();
    expect(claimed.points).toBe(after.points + 25);
    expect(claimed.leaderboard.length).toBeGreaterThan(0);
  });

  it('pays the message challenge with the fifth message of the day, once', async () => {
    const cookie = sessionCookie(
      await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'chatty@example.com', username: 'chatty', password: 'correct-horse' } }),
    );
    const send = async (n: number) => {
      const sent = await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { cookie }, payload: { message: `message ${n}` } });
      expect(sent.statusCode).toBe(201);
      return (await profile(cookie)).points;
    };
    // Each message's day row, as its own upsert answers it, decides the challenge: 2 points a message
    // until the fifth, which completes "Send 5 messages" (25), then 2 again.
    const totals = [];
    for (let n = 1; n <= 6; n++) totals.push(await send(n));
    expect(totals).toEqual([2, 4, 6, 8, 10 + 25, 12 + 25]);
    expect((await profile(cookie)).dailyChallenges.find((c) => c.id === 'send-5-messages')).toMatchObject({ progress: 5, completed: true });
  });

  it('refuses unearned, unknown and signed-out claims', async () => {
    const claim = (payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/api/achievements/claim', headers: cookie ? { cookie } : {}, payload });
    expect((await claim({ achievementId: 'marathon' }, creator)).statusCode).toBe(422);
    expect((await claim({ achievementId: 'nope' }, creator)).statusCode).toBe(404);
    expect((await claim({}, creator)).body).toBe('achievementId is required');
    expect((await claim({ achievementId: 'first-words' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/gamification' })).statusCode).toBe(401);
  });
});

describe('streaks', () => {
  it('counts consecutive days ending today or yesterday', () => {
    const today = Math.floor(Date.now() / DAY_MS);
    expect(streakLength([today, today - 1, today - 2, today - 4], today)).toBe(3);
    expect(streakLength([today - 1, today - 2], today)).toBe(2);
    expect(streakLength([today - 2], today)).toBe(0);
    expect(streakLength([], today)).toBe(0);
  });
});
