/**
 * Demotion sticks (issue 13, finding 5): with CREATOR_SELF_SERVE on, a creator an admin demoted cannot
 * make themselves a creator again by posting their profile; they may only ask, and an admin decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

describe.each(await testDialects())('a demoted creator on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { CREATOR_SELF_SERVE: 'true' } });
    admin = await signIn(t.app, 'admin', 'admin123');
  });
  afterAll(() => t.close());

  const roleOf = async (username: string) =>
    await t.app.db.kysely.selectFrom('users').select(['id', 'role', 'creatorRequest']).where('username', '=', username).executeTakeFirstOrThrow();
  const profile = (cookie: string, handle: string) =>
    t.app.inject({ method: 'POST', url: '/api/creator', headers: { cookie }, payload: { handle, displayName: 'Night Owl' } });

  it('stays a viewer until an admin restores them', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'night_owl', email: 'owl@example.test', password: 'password-123' },
    });
    const cookie = sessionCookie(registered);
    expect((await profile(cookie, 'nightowl')).json().creatorStatus).toBe('approved');
    const { id } = await roleOf('night_owl');
    expect((await roleOf('night_owl')).role).toBe('creator');

    const demote = await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/role`, headers: { cookie: admin }, payload: { role: 'viewer' } });
    expect(demote.statusCode).toBe(200);
    const again = await profile(cookie, 'nightowl');
    expect(again.statusCode).toBe(200);
    expect(again.json().creatorStatus).toBe('pending');
    expect(await roleOf('night_owl')).toMatchObject({ role: 'viewer', creatorRequest: 'pending' });

    const approve = await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/approve-creator`, headers: { cookie: admin } });
    expect(approve.statusCode).toBe(200);
    expect((await roleOf('night_owl')).role).toBe('creator');
  });
});
