/**
 * The users tab: search, stats, and actions that change what the target can do, including a suspension
 * that ends the session and cuts the open socket at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, sessionCookie, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, nextEvent } from '../../../test/support/sockets.ts';

const dialects = await testDialects();

describe.each(dialects)('user management on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: string;
  beforeAll(async () => {
    // Creator requests wait for an admin, as on a moderated instance.
    t = await createTestApp(dialect, { env: { CREATOR_SELF_SERVE: 'false' } });
    url = await listen(t);
    admin = await signIn(t.app, 'admin', 'admin123');
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const get = (cookie: string, path: string) => t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  const post = (cookie: string, path: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: path, headers: { cookie }, ...(payload ? { payload } : {}) });
  const idOf = async (username: string) =>
    (await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const register = async (username: string) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: `${username}@example.com`, username, password: 'correct-horse' } });
    return { cookie: sessionCookie(response), id: response.json().id as number };
  };

  it('searches by username, email and name, case-insensitively and paginated, with stats over everyone', async () => {
    const byName = (await get(admin, '/api/admin/users?search=MAYA')).json();
    expect(byName.users.map((u: { username: string }) => u.username)).toEqual(['viewer']);
    expect((await get(admin, '/api/admin/users?search=listener%40onair')).json().users[0].username).toBe('listener');
    expect((await get(admin, '/api/admin/users?search=Ravi%20Patel')).json().total).toBe(1);
    // A percent sign is a character, not a wildcard.
    expect((await get(admin, '/api/admin/users?search=%25')).json().total).toBe(0);

    const users = await t.database.db.kysely.selectFrom('users').selectAll().execute();
    const page = (await get(admin, '/api/admin/users?pageSize=7&page=2')).json();
    expect(page).toMatchObject({ total: users.length, page: 2, pageSize: 7 });
    expect(page.users).toHaveLength(7);
    expect(page.stats).toMatchObject({
      total: users.length,
      suspended: users.filter((u) => u.status === 'suspended').length,
      verified: users.filter((u) => u.verified).length,
    });
    const creators = page.roles.find((r: { role: string }) => r.role === 'creator');
    expect(creators.count).toBe(users.filter((u) => u.role === 'creator').length);
    expect(page.users[0]).not.toHaveProperty('passwordHash');
    expect((await get(admin, '/api/admin/users?pageSize=500')).body).toMatch(/^pageSize/);
  });

  it('verifies, approves a pending creator request, and changes roles', async () => {
    const hopeful = await register('hopeful');
    const asked = await post(hopeful.cookie, '/api/creator', { handle: 'hopeful-live', displayName: 'Hopeful Live' });
    expect(asked.statusCode).toBeLessThan(300);
    const listed = (await get(admin, '/api/admin/users')).json();
    expect(listed.users[0]).toMatchObject({ username: 'hopeful', creatorRequest: 'pending' });

    expect((await post(admin, `/api/admin/users/${hopeful.id}/verify`)).json()).toMatchObject({ verified: true });
    const approved = await post(admin, `/api/admin/users/${hopeful.id}/approve-creator`);
    expect(approved.json()).toMatchObject({ role: 'creator', creatorRequest: 'approved' });
    expect((await post(admin, `/api/admin/users/${hopeful.id}/approve-creator`)).statusCode).toBe(409);
    // Their existing session now has the creator's rights.
    expect((await get(hopeful.cookie, '/api/creator/streaming/config')).statusCode).not.toBe(403);

    expect((await post(admin, `/api/admin/users/${hopeful.id}/role`, { role: 'viewer' })).json().role).toBe('viewer');
    expect((await post(admin, `/api/admin/users/${hopeful.id}/role`, { role: 'owner' })).body).toMatch(/^role must be one of/);
    const actions = await t.database.db.kysely.selectFrom('adminActions').select('action').where('targetUserId', '=', hopeful.id).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['user.approve_creator', 'user.role', 'user.verify']);
  });

  it('suspending ends the session at once and disconnects the open socket; reinstating lets them sign in again', async () => {
    const troll = await register('troll');
    const socket = await connectSocket(url, troll.cookie);
    const cut = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const suspended = await post(admin, `/api/admin/users/${troll.id}/suspend`);
    expect(suspended.json()).toMatchObject({ status: 'suspended' });
    expect(await cut).toBe('io server disconnect');

    expect((await get(troll.cookie, '/api/user')).statusCode).toBe(401);
    expect((await post(troll.cookie, '/api/chat/send', { message: 'hi' })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'troll', password: 'correct-horse' } });
    expect(login.statusCode).toBe(403);
    const sessions = await t.database.db.kysely.selectFrom('sessions').select('sid').where('userId', '=', troll.id).execute();
    expect(sessions).toHaveLength(0);

    expect((await post(admin, `/api/admin/users/${troll.id}/unsuspend`)).json().status).toBe('active');
    const again = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'troll', password: 'correct-horse' } });
    expect(again.statusCode).toBe(200);
  });

  it('admins cannot suspend or demote themselves', async () => {
    const self = await idOf('admin');
    expect((await post(admin, `/api/admin/users/${self}/suspend`)).statusCode).toBe(400);
    expect((await post(admin, `/api/admin/users/${self}/role`, { role: 'viewer' })).statusCode).toBe(400);
    expect((await get(admin, '/api/user')).json()).toMatchObject({ role: 'admin' });
    expect((await post(admin, '/api/admin/users/999999/verify')).statusCode).toBe(404);
  });

  it('a message arrives live as a notification, is kept until read, and only its recipient can read it', async () => {
    const viewer = await signIn(t.app, 'viewer', 'viewer123');
    const socket = await connectSocket(url, viewer);
    const arrival = nextEvent(socket, 'notification:new');
    const sent = await post(admin, `/api/admin/users/${await idOf('viewer')}/message`, { text: '  Please keep the chat friendly.  ' });
    expect(sent.statusCode).toBe(201);
    expect(await arrival).toMatchObject({ kind: 'admin_message', text: 'Please keep the chat friendly.', from: 'admin', link: null, read: false });

    const inbox = (await get(viewer, '/api/notifications')).json();
    expect(inbox.unread).toBe(1);
    const id = inbox.items[0].id;
    const listener = await signIn(t.app, 'listener', 'listener123');
    expect((await post(listener, `/api/notifications/${id}/read`)).statusCode).toBe(404);
    expect((await post(viewer, `/api/notifications/${id}/read`)).json().read).toBe(true);
    expect((await get(viewer, '/api/notifications')).json().unread).toBe(0);
    expect((await post(admin, `/api/admin/users/${await idOf('viewer')}/message`, { text: '   ' })).body).toBe('text is required');
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
