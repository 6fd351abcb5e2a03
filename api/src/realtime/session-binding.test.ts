/**
 * A socket lives inside its session (issue 13, finding 1): after logout, expiry or a demotion the
 * socket receives nothing more and can send nothing, and connection state recovery never hands back
 * rooms (or missed events) the current session and role no longer allow.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { rooms } from '@onair/protocol';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { testDialects } from '../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck, type ClientSocket } from '../../test/support/sockets.ts';
import { hashSessionId } from '../plugins/session-store.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function disconnected(socket: ClientSocket, timeoutMs = 10_000): Promise<string> {
  if (!socket.connected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket was not disconnected')), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe.each(await testDialects())('sockets follow the session (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  let admin: string;
  const userId = async (username: string) =>
    (await t.app.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  /** Sends the socket one broadcast and waits for it, so the client holds a recovery offset. */
  async function primeOffset(socket: ClientSocket, id: number) {
    const got = new Promise<void>((resolve) => socket.once('qna:question', () => resolve()));
    await sleep(100);
    t.app.io.to(rooms.user(id)).emit('qna:question', {} as never);
    await got;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
    admin = await signIn(t.app, 'admin', 'admin123');
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('cuts the sockets of a session at logout: nothing more arrives and nothing more is accepted', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const other = await signIn(t.app, 'viewer', 'viewer123');
    const [socket, otherTab] = await Promise.all([connectSocket(url, cookie), connectSocket(url, other)]);
    const notes = collect(socket, 'notification:new');
    const cut = disconnected(socket);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } })).statusCode).toBe(204);
    await cut;
    const id = await userId('viewer');
    t.app.io.to(rooms.user(id)).emit('notification:new', { id: 1, message: 'private', createdAt: Date.now(), read: false } as never);
    await sleep(200);
    expect(notes.seen).toEqual([]);
    expect(socket.connected).toBe(false);
    // Another sign-in of the same person keeps its socket.
    expect(otherTab.connected).toBe(true);
    // Reconnecting with the dead cookie gives a signed-out socket that may not chat.
    const again = await connectSocket(url, cookie);
    const [item] = await t.app.db.kysely.selectFrom('content').select('id').limit(1).execute();
    const sent = await emitWithAck(again, 'chat:send', { contentId: item!.id, message: 'still here?' });
    expect(sent).toMatchObject({ ok: false, status: 401 });
  }, 120_000);

  it('cuts a socket when its session expires, and refuses what it sends after', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const sid = decodeURIComponent(cookie.slice('onair.sid='.length)).split('.')[0]!;
    await t.app.db.kysely
      .updateTable('sessions')
      .set({ expiresAt: Date.now() + 5000 })
      .where('sid', '=', hashSessionId(sid))
      .execute();
    const socket = await connectSocket(url, cookie);
    expect(socket.connected).toBe(true);
    const server = [...t.app.io.of('/').sockets.values()].find((s) => s.id === socket.id);
    expect(server?.data.userId).toBeTruthy();
    await disconnected(socket, 12_000);
  });

  it('moves a demoted creator out of the creator room at once', async () => {
    await t.app.db.kysely.updateTable('users').set({ role: 'creator' }).where('username', '=', 'listener').execute();
    const id = await userId('listener');
    const cookie = await signIn(t.app, 'listener', 'listener123');
    const socket = await connectSocket(url, cookie);
    const streams = collect(socket, 'streams:active');
    await sleep(100);
    t.app.io.to(rooms.creator(id)).emit('streams:active', []);
    await sleep(200);
    expect(streams.seen.length).toBe(1);
    const demoted = await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/role`, headers: { cookie: admin }, payload: { role: 'viewer' } });
    expect(demoted.statusCode).toBe(200);
    await sleep(200);
    t.app.io.to(rooms.creator(id)).emit('streams:active', []);
    await sleep(200);
    expect(streams.seen.length).toBe(1);
  });

  it('does not recover a connection into rooms its user lost while it was away, nor replay what they missed', async () => {
    await t.app.db.kysely.updateTable('users').set({ role: 'creator' }).where('username', '=', 'listener').execute();
    const id = await userId('listener');
    const cookie = await signIn(t.app, 'listener', 'listener123');
    const socket: ClientSocket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnectionDelay: 1500 });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // Recovery needs an offset: the client must have received one broadcast before the drop.
    await primeOffset(socket, id);
    const streams = collect(socket, 'streams:active');
    // The connection drops (network) and, while the client is away, an admin demotes them.
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.io.engine.close();
    await sleep(100);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${id}/role`, headers: { cookie: admin }, payload: { role: 'viewer' } });
    t.app.io.to(rooms.creator(id)).emit('streams:active', []);
    await back;
    expect(socket.recovered).toBe(false);
    await sleep(200);
    t.app.io.to(rooms.creator(id)).emit('streams:active', []);
    await sleep(200);
    expect(streams.seen).toEqual([]);
    const serverSide = [...t.app.io.of('/').sockets.values()].find((s) => s.data.userId === id);
    expect(serverSide && [...serverSide.rooms].includes(rooms.creator(id))).toBe(false);
    socket.disconnect();
  });

  it('still recovers a connection whose session and role are unchanged', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const id = await userId('viewer');
    const socket: ClientSocket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnectionDelay: 100 });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await primeOffset(socket, id);
    const notes = collect(socket, 'notification:new');
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.io.engine.close();
    await sleep(50);
    t.app.io.to(rooms.user(id)).emit('notification:new', { id: 2, message: 'missed', createdAt: Date.now(), read: false } as never);
    await back;
    expect(socket.recovered).toBe(true);
    await sleep(200);
    expect(notes.seen.length).toBe(1);
    socket.disconnect();
  });

  it('refuses recovery after logout: the replay of missed private events does not happen', async () => {
    const cookie = await signIn(t.app, 'viewer', 'viewer123');
    const id = await userId('viewer');
    const socket: ClientSocket = connect(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true, reconnectionDelay: 1500 });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await primeOffset(socket, id);
    const notes = collect(socket, 'notification:new');
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.io.engine.close();
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    t.app.io.to(rooms.user(id)).emit('notification:new', { id: 3, message: 'private', createdAt: Date.now(), read: false } as never);
    await back;
    expect(socket.recovered).toBe(false);
    await sleep(200);
    expect(notes.seen).toEqual([]);
    socket.disconnect();
  });
});
