import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiRecommendationsResponseSchema, type AiRecommendation } from '@onair/protocol';
import { createTestApp, sessionCookie, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('recommendations on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const get = async (cookie: string) => {
    const r = await t.app.inject({ method: 'GET', url: '/api/ai-recommendations', headers: { cookie } });
    expect(r.statusCode).toBe(200);
    return AiRecommendationsResponseSchema.parse(r.json());
  };

  /** Checks every reason against the user's own recorded signals. */
  async function expectTrueReasons(username: string, list: AiRecommendation[]) {
    const k = t.database.db.kysely;
    const { id } = await k.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const watched = await k
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select(['content.id', 'content.title', 'content.category'])
      .where('viewEvents.userId', '=', id)
      .execute();
    const liked = await k.selectFrom('contentLikes').innerJoin('content', 'content.id', 'contentLikes.contentId').select(['content.id', 'content.title']).where('contentLikes.userId', '=', id).execute();
    for (const r of list) {
      expect(watched.map((w) => w.id)).not.toContain(r.contentId);
      if (r.signal === 'watched') expect(watched.map((w) => `Because you watched “${w.title}”`)).toContain(r.reason);
      if (r.signal === 'liked') expect(liked.map((l) => `Because you liked “${l.title}”`)).toContain(r.reason);
      if (r.signal === 'category') {
        expect(r.reason).toBe(`Popular in ${r.category}, a category you watch`);
        expect(watched.map((w) => w.category)).toContain(r.category);
      }
    }
  }

  it('gives the two demo viewers different lists whose reasons are true, confidences in 0..1, best first', async () => {
    const viewerList = await get(await signIn(t.app, 'viewer', 'viewer123'));
    const listenerList = await get(await signIn(t.app, 'listener', 'listener123'));
    expect(viewerList.length).toBeGreaterThan(0);
    expect(listenerList.length).toBeGreaterThan(0);
    expect(viewerList.map((r) => `${r.contentId}:${r.reason}`)).not.toEqual(listenerList.map((r) => `${r.contentId}:${r.reason}`));
    for (const list of [viewerList, listenerList]) {
      expect(list.every((r) => r.confidence >= 0 && r.confidence <= 1)).toBe(true);
      expect(list.map((r) => r.confidence)).toEqual([...list.map((r) => r.confidence)].sort((a, b) => b - a));
      expect(list.some((r) => r.signal !== 'trending')).toBe(true);
    }
    await expectTrueReasons('viewer', viewerList);
    await expectTrueReasons('listener', listenerList);
  });

  it('gives a new user trending items and says so; a like then turns into a reason', async () => {
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: `fresh_${dialect}`, email: `fresh_${dialect}@example.com`, password: 'fresh-pass-123' } });
    expect(registered.statusCode).toBeLessThan(300);
    const cookie = sessionCookie(registered);
    const first = await get(cookie);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((r) => r.signal === 'trending' && /no viewing history yet/.test(r.reason))).toBe(true);

    const liked = first[0]!;
    const like = await t.app.inject({ method: 'POST', url: `/api/content/${liked.contentId}/like`, headers: { cookie } });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toMatchObject({ contentId: liked.contentId, liked: true, likes: expect.any(Number) });
    const again = await t.app.inject({ method: 'POST', url: `/api/content/${liked.contentId}/like`, headers: { cookie } });
    expect(again.json().likes).toBe(like.json().likes);

    const refreshed = await t.app.inject({ method: 'POST', url: '/api/ai-recommendations/refresh', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const list = AiRecommendationsResponseSchema.parse(refreshed.json());
    expect(list.map((r) => r.contentId)).not.toContain(liked.contentId);
    expect(list.some((r) => r.reason === `Because you liked “${liked.title}”` || r.reason === `Popular in ${liked.category}, a category you watch`)).toBe(true);

    const unlike = await t.app.inject({ method: 'DELETE', url: `/api/content/${liked.contentId}/like`, headers: { cookie } });
    expect(unlike.json()).toMatchObject({ liked: false, likes: like.json().likes - 1 });
  });

  it('stores the lists: a refresh replaces the rows instead of adding to them', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const k = t.database.db.kysely;
    const { id } = await k.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    const before = await k.selectFrom('aiRecommendations').select('contentId').where('userId', '=', id).execute();
    await t.app.inject({ method: 'POST', url: '/api/ai-recommendations/refresh', headers: { cookie } });
    await t.app.inject({ method: 'POST', url: '/api/ai-recommendations/refresh', headers: { cookie } });
    const after = await k.selectFrom('aiRecommendations').select('contentId').where('userId', '=', id).execute();
    expect(after.length).toBe(before.length);
    expect(await k.selectFrom('recommendationRuns').select('basis').where('userId', '=', id).executeTakeFirst()).toEqual({ basis: 'history' });
  });

  it('needs a session, and a like needs existing content', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ai-recommendations' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/ai-recommendations/refresh' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/content/1/like' })).statusCode).toBe(401);
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    expect((await t.app.inject({ method: 'POST', url: '/api/content/999999/like', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/content/abc/like', headers: { cookie } })).statusCode).toBe(400);
  });
});
