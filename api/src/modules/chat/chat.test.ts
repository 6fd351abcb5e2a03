import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck, nextEvent } from '../../../test/support/sockets.ts';

const dialects = await testDialects();

describe.each(dialects)('live chat on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let creator: string;
  let admin: string;
  beforeAll(async () => {
    // A generous budget here: the flood limit has its own test below.
    t = await createTestApp(dialect, { env: { CHAT_RATE_LIMIT: '1000' } });
    url = await listen(t);
    [viewer, creator, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('persists, acknowledges with the stored message and delivers it to another socket', async () => {
    const [sender, receiver] = [await connectSocket(url, viewer), await connectSocket(url, creator)];
    const arrival = nextEvent(receiver, 'chat:message', (m) => m.message === 'Hello from the stands!');
    const ack = await emitWithAck(sender, 'chat:send', { message: '  Hello from the stands!  ', idempotencyKey: 'key-hello-0001' });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.data).toMatchObject({ username: 'viewer', message: 'Hello from the stands!', contentId: null });
    expect((await arrival).id).toBe(ack.data.id);
    const recent = (await t.app.inject({ method: 'GET', url: '/api/chat/recent', headers: { cookie: creator } })).json();
    expect(recent.at(-1)).toMatchObject({ id: ack.data.id, message: 'Hello from the stands!' });
  });

  it('never duplicates a retried message with the same idempotency key', async () => {
    const socket = await connectSocket(url, viewer);
    const payload = { message: 'Only once please', idempotencyKey: 'key-retry-0001' };
    const acks = await Promise.all([emitWithAck(socket, 'chat:send', payload), emitWithAck(socket, 'chat:send', payload)]);
    const rest = await t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { cookie: viewer }, payload });
    const ids = new Set([...acks.map((a) => (a.ok ? a.data.id : -1)), rest.json().id]);
    expect(ids.size).toBe(1);
    const rows = await t.database.db.kysely.selectFrom('chatMessages').select('id').where('idempotencyKey', '=', 'key-retry-0001').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps a content room separate from the lobby', async () => {
    const [live] = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json();
    const [inRoom, inLobby] = [await connectSocket(url, creator), await connectSocket(url, admin)];
    await emitWithAck(inRoom, 'content:watch', { contentId: live.id });
    const lobbyMessages = collect(inLobby, 'chat:message');
    const arrival = nextEvent(inRoom, 'chat:message', (m) => m.contentId === live.id);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/chat/send',
      headers: { cookie: viewer },
      payload: { message: 'Great match!', contentId: live.id },
    });
    expect(sent.statusCode).toBe(201);
    expect((await arrival).message).toBe('Great match!');
    await new Promise((r) => setTimeout(r, 100));
    expect(lobbyMessages.seen.filter((m) => m.contentId === live.id)).toHaveLength(0);
    const room = (await t.app.inject({ method: 'GET', url: `/api/chat/recent?contentId=${live.id}`, headers: { cookie: viewer } })).json();
    expect(room.map((m: { message: string }) => m.message)).toContain('Great match!');
  });

  it('rejects blank, too long and signed-out messages with the REST statuses', async () => {
    const socket = await connectSocket(url, creator);
    expect(await emitWithAck(socket, 'chat:send', { message: '   ' })).toMatchObject({ ok: false, status: 400, error: 'message is required' });
    expect(await emitWithAck(socket, 'chat:send', { message: 'x'.repeat(501) })).toMatchObject({ ok: false, status: 400 });
    expect(await emitWithAck(socket, 'chat:send', { message: 'hi', contentId: 999999 })).toMatchObject({ ok: false, status: 404 });
    const anonymous = await connectSocket(url);
    expect(await emitWithAck(anonymous, 'chat:send', { message: 'hi' })).toMatchObject({ ok: false, status: 401 });
    const forged = await connectSocket(url, 'onair.sid=forged.signature');
    expect(await emitWithAck(forged, 'chat:send', { message: 'hi' })).toMatchObject({ ok: false, status: 401 });
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/send', payload: { message: 'hi' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/recent?contentId=abc', headers: { cookie: viewer } })).statusCode).toBe(400);
  });

  it('keeps markup as text: the message comes back exactly as typed, to be rendered escaped', async () => {
    const socket = await connectSocket(url, creator);
    const ack = await emitWithAck(socket, 'chat:send', { message: '<img src=x onerror=alert(1)>' });
    expect(ack).toMatchObject({ ok: true, data: { message: '<img src=x onerror=alert(1)>' } });
  });

  it('masks profanity, flags it for moderation and tells the admins live', async () => {
    const [author, moderator] = [await connectSocket(url, viewer), await connectSocket(url, admin)];
    const flagged = nextEvent(moderator, 'moderation:new', (i) => i.authorName === 'viewer');
    const ack = await emitWithAck(author, 'chat:send', { message: 'you are a stupid bitch, I hate this awful show', idempotencyKey: 'key-abuse-0001' });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    expect(ack.data.message).not.toMatch(/bitch/);
    const item = await flagged;
    expect(item).toMatchObject({ kind: 'chat_message', targetId: ack.data.id, severity: 'high', status: 'pending' });
    expect(item.excerpt).toMatch(/bitch/);
  });

  it('labels authors for the audience legend: moderators, VIP members, new viewers', async () => {
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'newbie@example.com', username: 'newbie', password: 'correct-horse' },
    });
    const newbie = fresh.cookies.find((c) => c.name === 'onair.sid')!;
    const send = (cookie: string, message: string) =>
      t.app.inject({ method: 'POST', url: '/api/chat/send', headers: { cookie }, payload: { message } }).then((r) => r.json());
    expect((await send(`onair.sid=${newbie.value}`, 'hello all')).audience).toBe('new');
    expect((await send(admin, 'welcome')).audience).toBe('moderator');
    await t.database.db.kysely.updateTable('users').set({ subscription: 'premium' }).where('username', '=', 'listener').execute();
    const listener = await signIn(t.app, 'listener', 'listener123');
    expect((await send(listener, 'vip here')).audience).toBe('vip');
    expect((await send(viewer, 'regular here')).audience).toBe('regular');
  });
});

describe('chat rate limit', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  it('refuses the sixth message within ten seconds with a clear error', async () => {
    const socket = await connectSocket(url, await signIn(t.app, 'admin', 'admin123'));
    const acks = [];
    for (let i = 0; i < 6; i++) acks.push(await emitWithAck(socket, 'chat:send', { message: `flood ${i}` }));
    expect(acks.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(acks[5]).toMatchObject({ ok: false, status: 429 });
    if (!acks[5]!.ok) expect(acks[5]!.error).toMatch(/too fast/);
  });
});
