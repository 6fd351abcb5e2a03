/**
 * Registration does not say which emails have accounts (issue 13, finding 3). A sign-up with an email
 * another account has looks exactly like any sign-up to the one making it (201, signed in, the address
 * it typed shown back, then and later), but the email stays its owner's, who is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { findUserByEmail } from '../users/repository.ts';
import { EMAIL_IN_USE_NOTICE, UNCLAIMED_EMAIL_DOMAIN } from './service.ts';

describe.each(await testDialects())('registration and existing emails (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: false });
  });
  afterAll(() => t.close());

  const register = (username: string, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload: { username, email, password: 'a-long-password' } });
  /** What the one registering can observe: status, body (ids and times aside), cookies, and later reads. */
  async function observed(response: Awaited<ReturnType<typeof register>>) {
    const { id: _id, createdAt: _at, username: _u, ...body } = response.json();
    const cookie = response.cookies.find((c) => c.value !== '');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(response) } });
    const { id: _id2, createdAt: _at2, username: _u2, ...later } = me.json();
    return { status: response.statusCode, body, cookie: { ...cookie, value: undefined, expires: undefined }, meStatus: me.statusCode, later };
  }
  const noticesOf = async (userId: number) =>
    t.app.db.kysely.selectFrom('notifications').select('text').where('userId', '=', userId).execute();

  it('answers a taken email exactly like a free one, keeps the email its owner’s, and tells the owner', async () => {
    expect((await register('owner_one', 'owner@example.com')).statusCode).toBe(201);
    const owner = await t.app.db.kysely.selectFrom('users').select('id').where('username', '=', 'owner_one').executeTakeFirstOrThrow();

    const takenEmail = await observed(await register('fresh_name', 'Owner@Example.com'));
    const freeEmail = await observed(await register('other_name', 'Nobody@Example.com'));
    expect(takenEmail.status).toBe(201);
    expect(takenEmail.body).toEqual({ ...freeEmail.body, email: 'owner@example.com' });
    expect(freeEmail.body.email).toBe('nobody@example.com');
    expect(takenEmail.cookie).toEqual(freeEmail.cookie);
    expect(takenEmail.meStatus).toBe(200);
    expect(takenEmail.later).toEqual(takenEmail.body);
    expect(freeEmail.later).toEqual(freeEmail.body);

    // The address is still the owner's: lookups by email find them, not the newcomer.
    expect((await findUserByEmail(t.app.db.kysely, 'owner@example.com'))?.id).toBe(owner.id);
    const newcomer = await t.app.db.kysely.selectFrom('users').select(['email', 'unclaimedEmail']).where('username', '=', 'fresh_name').executeTakeFirstOrThrow();
    expect(newcomer.email.endsWith(`@${UNCLAIMED_EMAIL_DOMAIN}`)).toBe(true);
    expect(newcomer.unclaimedEmail).toBe('owner@example.com');
    expect(await noticesOf(owner.id)).toEqual([{ text: EMAIL_IN_USE_NOTICE }]);

    // A second try with the same address works the same way (each placeholder is unique).
    expect((await register('third_name', 'owner@example.com')).statusCode).toBe(201);
    expect(await noticesOf(owner.id)).toHaveLength(2);
  }, 120_000);

  it('says a username is taken (usernames are public) without mentioning emails', async () => {
    const response = await register('OWNER_ONE', 'someone-else@example.com');
    expect(response.statusCode).toBe(409);
    expect(response.body).toMatch(/username is already taken/);
    expect(response.body).not.toMatch(/email/i);
    expect(response.cookies.filter((c) => c.value !== '')).toEqual([]);
  });
});
