/**
 * Deleting one's own account (DELETE /api/user): the password asked again, the refusals that keep
 * OnAir runnable and other people's things whole, and what goes: the account, its items and their
 * files, its sessions and sockets, what hangs on it; payments stay, unlinked.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, sessionCookie, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket } from '../../../test/support/sockets.ts';
import { WRONG_PASSWORD } from './account-deletion.ts';

describe.each(await testDialects())('account deletion (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const db = () => t.app.db.kysely;
  async function account(username: string, password = 'first-password') {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username, email: `${username}@example.com`, password } });
    expect(response.statusCode).toBe(201);
    const row = await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    return { cookie: sessionCookie(response), id: row.id };
  }
  const remove = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/user', headers: cookie ? { cookie } : {}, payload: payload as object });
  const exists = async (id: number) => (await db().selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

  it('answers 401 signed out, 400 naming the field, 403 for a wrong password, and deletes nothing', async () => {
    const { cookie, id } = await account('del_checks');
    expect((await remove(undefined, { password: 'first-password' })).statusCode).toBe(401);
    for (const payload of [{}, { password: '' }, { password: 42 }]) {
      const response = await remove(cookie, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/^password\b/);
    }
    const wrong = await remove(cookie, { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toBe(WRONG_PASSWORD);
    expect(await exists(id)).toBe(true);
  }, 120_000);

  it('refuses the last admin, the owner of a school with members and a creator on air, with 409, deleting nothing', async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    // The seed has one admin.
    const lastAdmin = await remove(admin, { password: 'admin123' });
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.body).toMatch(/only admin/);

    const owner = await account('del_owner');
    const academy = (await db().insertInto('institutions').values({ ownerId: owner.id, name: 'Del Academy', type: 'school', domain: null, verified: 0, verificationToken: 'x', subscriptionTier: 'basic', createdAt: Date.now() } as never).returning('id').executeTakeFirstOrThrow()).id;
    const student = await db().selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    await db().insertInto('institutionMembers').values([{ institutionId: academy, userId: owner.id, role: 'owner', createdAt: Date.now() }, { institutionId: academy, userId: student.id, role: 'student', createdAt: Date.now() }]).execute();
    const owning = await remove(owner.cookie, { password: 'first-password' });
    expect(owning.statusCode).toBe(409);
    expect(owning.body).toMatch(/^You own Del Academy, whose members' places depend on it/);
    expect(await exists(owner.id)).toBe(true);
    // Once the school is the owner's alone, it goes with the account.
    await db().deleteFrom('institutionMembers').where('institutionId', '=', academy).where('userId', '=', student.id).execute();
    expect((await remove(owner.cookie, { password: 'first-password' })).statusCode).toBe(204);
    expect(await db().selectFrom('institutions').select('id').where('id', '=', academy).executeTakeFirst()).toBeUndefined();

    const live = await db().selectFrom('content').select(['id', 'creatorId']).where('status', '=', 'live').executeTakeFirstOrThrow();
    const creator = await db().selectFrom('users').select('username').where('id', '=', live.creatorId!).executeTakeFirstOrThrow();
    // The live item's creator signs in with a password we know: the demo creator's.
    await db().updateTable('users').set({ passwordHash: (await db().selectFrom('users').select('passwordHash').where('username', '=', 'creator').executeTakeFirstOrThrow()).passwordHash }).where('id', '=', live.creatorId!).execute();
    const onAir = await remove(await signIn(t.app, creator.username, 'creator123'), { password: 'creator123' });
    expect(onAir.statusCode).toBe(409);
    expect(onAir.body).toMatch(/on air/);
    expect(await db().selectFrom('content').select('id').where('id', '=', live.id).executeTakeFirst()).toBeDefined();
  }, 120_000);

  it('deletes the account with its items and their files, ends every session and socket, and keeps payments unlinked', async () => {
    const { cookie, id } = await account('del_creator');
    const otherDevice = await signIn(t.app, 'del_creator', 'first-password');
    await db().updateTable('users').set({ role: 'creator' }).where('id', '=', id).execute();
    const itemId = (await db().insertInto('content').values({ creatorId: id, title: 'Farewell show', description: null, type: 'radio', category: null, status: 'published', durationSeconds: 60, language: 'en', createdAt: Date.now(), liveSince: null } as never).returning('id').executeTakeFirstOrThrow()).id;
    const folder = path.join(t.app.config.mediaDir, 'vod', String(itemId));
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'download.mp4'), 'bytes');
    const someoneElses = await db().selectFrom('content').select('id').where('creatorId', '!=', id).where('status', '!=', 'live').executeTakeFirstOrThrow();
    await db().insertInto('chatMessages').values({ contentId: someoneElses.id, userId: id, message: 'bye all', createdAt: Date.now() } as never).execute();
    await db().insertInto('payments').values({ payerId: id, creatorId: null, source: 'donation', amountCents: 500, currency: 'usd', provider: 'test', providerRef: 'del_pay', paymentMethodId: null, idempotencyKey: 'del_pay', status: 'succeeded', createdAt: Date.now() }).execute();

    const viewer = await connectSocket(url, await signIn(t.app, 'viewer', 'viewer123'));
    const removals = collect(viewer, 'content:removed');
    const ownSocket = await connectSocket(url, otherDevice);
    const cut = new Promise<void>((resolve) => ownSocket.once('disconnect', () => resolve()));

    const response = await remove(cookie, { password: 'first-password' });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    await cut;
    expect(await exists(id)).toBe(false);
    expect(await db().selectFrom('content').select('id').where('id', '=', itemId).executeTakeFirst()).toBeUndefined();
    expect(existsSync(folder)).toBe(false);
    await expect.poll(() => removals.seen.map((r) => (r as { contentId: number }).contentId)).toContain(itemId);
    expect(await db().selectFrom('chatMessages').select('id').where('message', '=', 'bye all').executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('payments').select('payerId').where('providerRef', '=', 'del_pay').executeTakeFirstOrThrow()).toEqual({ payerId: null });
    for (const session of [cookie, otherDevice]) expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: session } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'del_creator', password: 'first-password' } })).statusCode).toBe(401);
    // The name is free again.
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'del_creator', email: 'del_creator@example.com', password: 'another-password' } })).statusCode).toBe(201);
  }, 120_000);
});
