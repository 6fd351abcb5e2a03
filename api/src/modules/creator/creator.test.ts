import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreatorStateSchema, PublicCreatorSchema } from '@onair/protocol';
import { createTestApp, sessionCookie, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

async function register(t: TestApp, username: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: { username, email: `${username}@example.test`, password: 'password-123' },
  });
  expect(response.statusCode).toBe(201);
  return sessionCookie(response);
}

describe.each(dialects)('creator profiles on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [creator, viewer] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123')]);
  });
  afterAll(() => t.close());

  const db = () => t.database.db.kysely;
  const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/creator', headers: cookie ? { cookie } : {} });
  const post = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/creator', headers: { cookie }, payload });
  const profileCount = async () => Number((await db().selectFrom('creatorProfiles').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('needs a session', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/creator', payload: { handle: 'abc', displayName: 'A' } })).statusCode).toBe(401);
  });

  it('computes the seeded creator figures from content, views, subscriptions and the earnings ledger', async () => {
    const state = CreatorStateSchema.parse((await get(creator)).json());
    const me = await db().selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await query.executeTakeFirstOrThrow()).n);
    const content = await count(db().selectFrom('content').select((eb) => eb.fn.countAll().as('n')).where('creatorId', '=', me.id));
    const views = await count(
      db().selectFrom('viewEvents').innerJoin('content', 'content.id', 'viewEvents.contentId').select((eb) => eb.fn.countAll().as('n')).where('content.creatorId', '=', me.id),
    );
    const subscribers = await count(db().selectFrom('creatorSubscribers').select((eb) => eb.fn.countAll().as('n')).where('creatorId', '=', me.id));
    expect(state.creatorStatus).toBe('approved');
    // Earnings are each payment's net share, written by the monetization ledger (the demo seed replays some).
    const earned = Number((await db().selectFrom('creatorEarnings').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('n')).where('creatorId', '=', me.id).executeTakeFirstOrThrow()).n);
    expect(state.profile).toMatchObject({ handle: 'kofi-live', contentCount: content, totalViews: views, subscriberCount: subscribers, revenueCents: earned });
    expect(views).toBeGreaterThan(0);
    // The seed's audience subscribes to the creators they watch most (which ones depends on the hour of seeding).
    expect(await count(db().selectFrom('creatorSubscribers').select((eb) => eb.fn.countAll().as('n')))).toBeGreaterThan(0);

    await db()
      .insertInto('creatorEarnings')
      .values([
        { creatorId: me.id, source: 'donation', amountCents: 500, ref: 'd-1', createdAt: Date.now() },
        { creatorId: me.id, source: 'subscription', amountCents: 999, ref: 's-1', createdAt: Date.now() },
      ])
      .execute();
    expect(CreatorStateSchema.parse((await get(creator)).json()).profile?.revenueCents).toBe(earned + 1499);
  });

  it('answers a viewer without a profile with null and status none', async () => {
    expect((await get(viewer)).json()).toEqual({ profile: null, creatorStatus: 'none' });
  });

  it('rejects bad input with a 400 naming the field and writes nothing', async () => {
    const before = await profileCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ displayName: 'A' }, /^handle/],
      [{ handle: 'ab', displayName: 'A' }, /^handle must be at least 3/],
      [{ handle: 'a'.repeat(31), displayName: 'A' }, /^handle must be at most 30/],
      [{ handle: 'no spaces', displayName: 'A' }, /^handle may only use/],
      [{ handle: '-dash-', displayName: 'A' }, /^handle may only use/],
      [{ handle: 'good-handle', displayName: '   ' }, /^displayName is required/],
      // Only invisible characters (right-to-left override, zero-width space, BOM, word joiner) read as blank.
      [{ handle: 'good-handle', displayName: '\u202e\u200b' }, /^displayName is required/],
      [{ handle: 'good-handle', displayName: ' \ufeff \u2060\u200b ' }, /^displayName is required/],
      [{ handle: 'good-handle', displayName: 'A', bio: 'x'.repeat(501) }, /^bio must be at most 500/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(viewer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await profileCount()).toBe(before);
    const me = await db().selectFrom('users').select(['role', 'creatorRequest']).where('username', '=', 'viewer').executeTakeFirstOrThrow();
    expect(me).toEqual({ role: 'viewer', creatorRequest: null });
  });

  it('grants creator status at once under self-serve, opening the Studio, and lets the profile be edited', async () => {
    const cookie = await register(t, `newcomer_${dialect}`);
    expect((await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config', headers: { cookie } })).statusCode).toBe(403);
    const created = await post(cookie, { handle: ` New-Voice-${dialect} `, displayName: 'New Voice', bio: 'Hello' });
    expect(created.statusCode).toBe(201);
    const state = CreatorStateSchema.parse(created.json());
    expect(state).toMatchObject({ creatorStatus: 'approved', profile: { handle: `new-voice-${dialect}`, displayName: 'New Voice', bio: 'Hello', contentCount: 0, totalViews: 0, subscriberCount: 0, revenueCents: 0 } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).toMatchObject({ role: 'creator', creatorRequest: 'approved' });
    expect((await t.app.inject({ method: 'GET', url: '/api/creator/streaming/config', headers: { cookie } })).statusCode).toBe(200);

    const edited = await post(cookie, { handle: `new-voice-${dialect}`, displayName: 'New Voice Radio', bio: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().profile).toMatchObject({ displayName: 'New Voice Radio', bio: null });
  });

  it('refuses a handle someone else holds with 409', async () => {
    const response = await post(viewer, { handle: 'kofi-live', displayName: 'Impostor' });
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatch(/^handle/);
    expect((await get(viewer)).json().profile).toBeNull();
  });

  it('lets viewers subscribe and unsubscribe, once each, and counts it', async () => {
    const kofi = await db().selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const url = `/api/creators/${kofi.id}/subscribe`;
    const listener = await signIn(t.app, 'listener', 'listener123');
    await t.app.inject({ method: 'DELETE', url, headers: { cookie: listener } });
    const start = PublicCreatorSchema.parse((await t.app.inject({ method: 'GET', url: `/api/creators/${kofi.id}`, headers: { cookie: listener } })).json());
    expect(start.subscribed).toBe(false);

    const first = await t.app.inject({ method: 'POST', url, headers: { cookie: listener } });
    expect(first.json()).toEqual({ creatorId: kofi.id, subscribed: true, subscriberCount: start.subscriberCount + 1 });
    const again = await t.app.inject({ method: 'POST', url, headers: { cookie: listener } });
    expect(again.json().subscriberCount).toBe(start.subscriberCount + 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/creators/${kofi.id}`, headers: { cookie: listener } })).json().subscribed).toBe(true);
    expect(CreatorStateSchema.parse((await get(creator)).json()).profile?.subscriberCount).toBe(start.subscriberCount + 1);

    const left = await t.app.inject({ method: 'DELETE', url, headers: { cookie: listener } });
    expect(left.json()).toEqual({ creatorId: kofi.id, subscribed: false, subscriberCount: start.subscriberCount });
  });

  it('refuses subscribing signed out (401), to oneself (400) and to someone without a profile (404)', async () => {
    const kofi = await db().selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const plain = await db().selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'POST', url: `/api/creators/${kofi.id}/subscribe` })).statusCode).toBe(401);
    const self = await t.app.inject({ method: 'POST', url: `/api/creators/${kofi.id}/subscribe`, headers: { cookie: creator } });
    expect(self.statusCode).toBe(400);
    expect(self.body).toMatch(/^userId/);
    expect((await t.app.inject({ method: 'POST', url: `/api/creators/${plain.id}/subscribe`, headers: { cookie: creator } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/creators/abc/subscribe', headers: { cookie: creator } })).body).toMatch(/^userId/);
  });
});

describe('creator requests without self-serve', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { CREATOR_SELF_SERVE: 'false' } });
  });
  afterAll(() => t.close());

  it('leaves the request pending for an admin and keeps the Studio closed', async () => {
    const cookie = await register(t, 'hopeful');
    const response = await t.app.inject({ method: 'POST', url: '/api/creator', headers: { cookie }, payload: { handle: 'hopeful', displayName: 'Hopeful' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ creatorStatus: 'pending', profile: { handle: 'hopeful' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).toMatchObject({ role: 'viewer', creatorRequest: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/api/creator', headers: { cookie } })).json().creatorStatus).toBe('pending');
    expect((await t.app.inject({ method: 'POST', url: '/api/creator/streaming/start', headers: { cookie }, payload: { configId: 1 } })).statusCode).toBe(403);
  });
});
