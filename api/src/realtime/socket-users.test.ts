/**
 * Socket events read their account from memory between writes to `users`: a suspension written
 * straight to the database (no session cut, no socket told) still refuses the very next message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { testDialects } from '../../../test-support/databases.ts';
import { closeAllSockets, connectSocket } from '../../test/support/sockets.ts';

describe.each(await testDialects())('socket users (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    url = await listen(t);
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  it('keeps an account between events and reads it again after any write to users', async () => {
    const db = t.app.db.kysely;
    const { id } = await db.selectFrom('users').select('id').where('username', '=', 'listener').executeTakeFirstOrThrow();
    const first = await t.app.socketUsers.find(id);
    expect(first).toMatchObject({ id, username: 'listener', status: 'active' });
    expect(await t.app.socketUsers.find(id)).toBe(first);
    // Another account's write counts too: nothing has to know which rows a write touched.
    await db.updateTable('users').set({ country: 'GH' }).where('username', '=', 'viewer').execute();
    const again = await t.app.socketUsers.find(id);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(await t.app.socketUsers.find(2_000_000)).toBeNull();
  });

  it('refuses the next chat message of an account suspended since its last one', async () => {
    const cookie = await signIn(t.app, 'listener', 'listener123');
    const socket = await connectSocket(url, cookie);
    expect(await socket.emitWithAck('chat:send', { message: 'first words' })).toMatchObject({ ok: true });
    await t.app.db.kysely.updateTable('users').set({ status: 'suspended' }).where('username', '=', 'listener').execute();
    expect(await socket.emitWithAck('chat:send', { message: 'second words' })).toEqual({ ok: false, status: 401, error: 'Sign in to chat' });
    await t.app.db.kysely.updateTable('users').set({ status: 'active' }).where('username', '=', 'listener').execute();
    expect(await socket.emitWithAck('chat:send', { message: 'third words' })).toMatchObject({ ok: true });
  });
});
