/**
 * Caps on abuse (issue 13, finding 4): writes that had no budget now have one, and share points have a
 * daily cap besides once per item per day. Honest mistakes (400) do not use up the budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { SHARE_POINTS_DAILY_CAP } from '../modules/rewards/routes.ts';
import { WRITE_LIMITS } from './write-limits.ts';

describe('budgets on writes', () => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    [creator, viewer] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123')]);
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  it('limits content creation per account, and bad input still answers 400', async () => {
    for (let i = 0; i < 3; i++) expect((await post(creator, '/api/content', { type: 'radio' })).statusCode).toBe(400);
    for (let i = 0; i < WRITE_LIMITS.content.limit; i++) {
      expect((await post(creator, '/api/content', { title: `Item ${i}`, type: 'radio' })).statusCode).toBe(201);
    }
    const over = await post(creator, '/api/content', { title: 'One too many', type: 'radio' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.db.kysely.selectFrom('content').select('id').where('title', '=', 'One too many').execute()).length).toBe(0);
  }, 120_000);

  it('limits poll creation per account like content creation, and bad input still answers 400', async () => {
    for (let i = 0; i < 3; i++) expect((await post(creator, '/api/polls', { question: 'No options' })).statusCode).toBe(400);
    const poll = (question: string) => post(creator, '/api/polls', { question, options: ['Yes', 'No'], durationSeconds: 60 });
    for (let i = 0; i < WRITE_LIMITS.poll.limit; i++) expect((await poll(`Poll ${i}?`)).statusCode).toBe(201);
    const over = await poll('One poll too many?');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.body).toMatch(/^Too many new polls/);
    expect(await t.app.db.kysely.selectFrom('polls').select('id').where('question', '=', 'One poll too many?').execute()).toEqual([]);
    // The budget is per account: another creator may still start one.
    const admin = await signIn(t.app, 'admin', 'admin123');
    expect((await post(admin, '/api/polls', { question: 'Admin poll?', options: ['Yes', 'No'], durationSeconds: 60 })).statusCode).toBe(201);
  }, 120_000);

  it('limits satellite receiver registration per account', async () => {
    const add = (i: number) => post(viewer, '/api/satellite-receivers', { deviceId: `SR-${1000 + i}`, deviceName: `Dish ${i}`, model: 'Generic-DVB-S2' });
    for (let i = 0; i < WRITE_LIMITS.satellite.limit; i++) expect((await add(i)).statusCode).toBe(201);
    expect((await add(999)).statusCode).toBe(429);
  });

  it('pays share points for at most a few items a day', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    for (const title of ['Shared A', 'Shared B']) expect((await post(admin, '/api/content', { title, type: 'tv' })).statusCode).toBe(201);
    const items = await t.app.db.kysely.selectFrom('content').select('id').orderBy('id').limit(SHARE_POINTS_DAILY_CAP + 2).execute();
    expect(items.length).toBe(SHARE_POINTS_DAILY_CAP + 2);
    for (const { id } of items) expect((await post(viewer, `/api/content/${id}/share`, { channel: 'link' })).statusCode).toBe(200);
    const viewerId = (await t.app.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
    const rewarded = await t.app.db.kysely.selectFrom('pointsLedger').select('ref').where('userId', '=', viewerId).where('action', '=', 'share').execute();
    expect(rewarded.length).toBe(SHARE_POINTS_DAILY_CAP);
  });
});
