import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentEngagementSchema } from '@onair/protocol';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('content engagement on %s', (dialect) => {
  let t: TestApp;
  let viewer: string;
  let listener: string;
  let contentId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [viewer, listener] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
    contentId = (await t.database.db.kysely.selectFrom('content').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const engagement = async (cookie?: string, id = contentId) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/content/${id}/engagement`, headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return ContentEngagementSchema.parse(response.json());
  };
  const send = (cookie: string, method: 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: `/api/content/${contentId}/${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });

  it("shows everyone the counts and each person their own like and rating", async () => {
    const db = t.database.db.kysely;
    const before = await engagement();
    expect(before).toMatchObject({ liked: false, myRating: null });

    expect((await send(viewer, 'POST', 'like')).statusCode).toBe(200);
    expect((await send(viewer, 'POST', 'rating', { rating: 4 })).statusCode).toBe(200);
    const mine = await engagement(viewer);
    expect(mine).toMatchObject({ likes: before.likes + (before.liked ? 0 : 1), liked: true, myRating: 4 });
    const ratings = await db.selectFrom('contentRatings').select('rating').where('contentId', '=', contentId).execute();
    expect(mine.ratings).toBe(ratings.length);
    expect(mine.avgRating).toBeCloseTo(ratings.reduce((n, r) => n + r.rating, 0) / ratings.length, 1);

    // Someone else sees the same counts but not the viewer's like or rating as theirs.
    const theirs = await engagement(listener);
    expect(theirs).toMatchObject({ likes: mine.likes, ratings: mine.ratings });
    const listenerRating = await db.selectFrom('contentRatings').innerJoin('users', 'users.id', 'contentRatings.userId')
      .select('rating').where('contentId', '=', contentId).where('users.username', '=', 'listener').executeTakeFirst();
    expect(theirs.myRating).toBe(listenerRating?.rating ?? null);

    expect((await send(viewer, 'DELETE', 'like')).statusCode).toBe(200);
    expect(await engagement(viewer)).toMatchObject({ likes: mine.likes - 1, liked: false, myRating: 4 });
  });

  it('answers 404 for an unknown item and 400 for a bad id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/content/999999/engagement' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/content/abc/engagement' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^id/);
  });
});
