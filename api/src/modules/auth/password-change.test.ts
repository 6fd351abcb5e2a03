/**
 * Changing one's password (issue 13, finding 1): POST /api/auth/password checks the current password,
 * ends every other session of the account and cuts their sockets, and rotates the caller's session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@onair/protocol';
import { createTestApp, listen, sessionCookie, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck } from '../../../test/support/sockets.ts';
import { PASSWORD_CHANGE_LIMIT, WRONG_CURRENT_PASSWORD } from './password-change.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(await testDialects())('password change (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  /** A fresh account per test, so the per-account budget and sessions start clean. */
  async function account(username: string, password = 'first-password') {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username, email: `${username}@example.com`, password } });
    expect(response.statusCode).toBe(201);
    const row = await t.app.db.kysely.selectFrom('users').select(['id', 'passwordHash']).where('username', '=', username).executeTakeFirstOrThrow();
    return { cookie: sessionCookie(response), id: row.id, hash: row.passwordHash };
  }
  const change = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password', headers: cookie ? { cookie } : {}, payload: payload as object });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
  const hashOf = async (id: number) =>
    (await t.app.db.kysely.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

  it('answers 401 signed out, 400 naming the field, 403 for a wrong current password, and changes nothing', async () => {
    const { cookie, id, hash } = await account('pw_checks');
    expect((await change(undefined, { currentPassword: 'first-password', newPassword: 'second-password' })).statusCode).toBe(401);
    for (const [payload, field] of [
      [{ newPassword: 'second-password' }, 'currentPassword'],
      [{ currentPassword: 'first-password' }, 'newPassword'],
      [{ currentPassword: 'first-password', newPassword: 'short' }, 'newPassword'],
      [{ currentPassword: 'first-password', newPassword: 12345678 }, 'newPassword'],
    ] as const) {
      const response = await change(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(new RegExp(`^${field}\\b`));
    }
    const wrong = await change(cookie, { currentPassword: 'not-it-at-all', newPassword: 'second-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toBe(WRONG_CURRENT_PASSWORD);
    expect(await hashOf(id)).toBe(hash);
    expect((await me(cookie)).statusCode).toBe(200);
  }, 120_000);

  it('changes the password, ends every other session, and rotates the caller’s', async () => {
    const { cookie, id } = await account('pw_rotate');
    const otherDevice = await signIn(t.app, 'pw_rotate', 'first-password');
    const response = await change(cookie, { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, username: 'pw_rotate' });
    expect(response.body).not.toMatch(/argon2/);
    const rotated = sessionCookie(response);
    expect(rotated).not.toBe(cookie);
    expect((await me(rotated)).statusCode).toBe(200);
    const stale = await me(cookie);
    expect(stale.statusCode).toBe(401);
    // This browser's requests sent with the old cookie before the change answered are answered after
    // it: clearing that cookie would erase the new one, and sign out the browser that changed it.
    expect(stale.headers['set-cookie']).toBeUndefined();
    expect((await me(otherDevice)).statusCode).toBe(401);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'pw_rotate', password } });
    expect((await login('first-password')).statusCode).toBe(401);
    expect((await login('second-password')).statusCode).toBe(200);
  }, 120_000);

  it('cuts the sockets of the other sessions: they receive nothing more and cannot act', async () => {
    const { cookie, id } = await account('pw_sockets');
    const otherDevice = await signIn(t.app, 'pw_sockets', 'first-password');
    const socket = await connectSocket(url, otherDevice);
    const notes = collect(socket, 'notification:new');
    const cut = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    // Another tab of the browser that changes the password: its socket belongs to the session being replaced.
    const ownTab = await connectSocket(url, cookie);
    const ownTabCut = new Promise<void>((resolve) => ownTab.once('disconnect', () => resolve()));
    const changed = await change(cookie, { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(changed.statusCode).toBe(200);
    await cut;
    await ownTabCut;
    t.app.io.to(rooms.user(id)).emit('notification:new', { id: 1, message: 'private', createdAt: Date.now(), read: false } as never);
    await sleep(200);
    expect(notes.seen).toEqual([]);
    // Coming back with the old cookie gives a signed-out socket that may not chat.
    const again = await connectSocket(url, otherDevice);
    const [item] = await t.app.db.kysely.selectFrom('content').select('id').limit(1).execute();
    expect(await emitWithAck(again, 'chat:send', { contentId: item!.id, message: 'still here?' })).toMatchObject({ ok: false, status: 401 });
    // The caller's new session gets a working socket, which the change's cut does not reach.
    const fresh = await connectSocket(url, sessionCookie(changed));
    const freshNotes = collect(fresh, 'notification:new');
    await sleep(100);
    t.app.io.to(rooms.user(id)).emit('notification:new', { id: 2, message: 'for the new session', createdAt: Date.now(), read: false } as never);
    await sleep(200);
    expect(freshNotes.seen.length).toBe(1);
  }, 120_000);

  it('limits attempts per account, right or wrong', async () => {
    const { cookie, id, hash } = await account('pw_budget');
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.limit; i++) {
      expect((await change(cookie, { currentPassword: `guess-${i}-guess`, newPassword: 'second-password' })).statusCode).toBe(403);
    }
    const over = await change(cookie, { currentPassword: 'first-password', newPassword: 'second-password' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await hashOf(id)).toBe(hash);
  }, 120_000);
});
