/**
 * Moderation that acts, with real sockets: a flagged message reaches the admins live, a rejection hides
 * it from every open chat and from history, the author can be timed out, and every decision records
 * who and when. Counters and community health are checked against the rows.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck, nextEvent } from '../../../test/support/sockets.ts';
import { DAY_MS } from '@onair/protocol';

const dialects = await testDialects();
const ABUSE = 'you are a stupid bitch, I hate this awful show';

describe.each(dialects)('moderation on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let listener: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { CHAT_RATE_LIMIT: '1000' } });
    url = await listen(t);
    [viewer, listener, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const post = (cookie: string, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const queue = () => t.app.inject({ method: 'GET', url: '/api/admin/moderation-queue', headers: { cookie: admin } }).then((r) => r.json());

  it('viewer posts abuse → admin sees it live → admin rejects → it disappears from every chat and from history', async () => {
    const [author, watcher, moderator] = [await connectSocket(url, viewer), await connectSocket(url, listener), await connectSocket(url, admin)];
    const flagged = nextEvent(moderator, 'moderation:new', (i) => i.authorName === 'viewer' && i.excerpt === ABUSE);
    const ack = await emitWithAck(author, 'chat:send', { message: ABUSE, idempotencyKey: 'key-flow-0001' });
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const item = await flagged;

    const before = await queue();
    expect(before.items[0]).toMatchObject({ id: item.id, status: 'pending', decidedBy: null });
    const recentBefore = (await t.app.inject({ method: 'GET', url: '/api/chat/recent', headers: { cookie: listener } })).json();
    expect(recentBefore.map((m: { id: number }) => m.id)).toContain(ack.data.id);

    const hiddenForAuthor = nextEvent(author, 'chat:hidden', (e) => e.messageId === ack.data.id);
    const hiddenForWatcher = nextEvent(watcher, 'chat:hidden', (e) => e.messageId === ack.data.id);
    const decidedLive = nextEvent(moderator, 'moderation:decided', (i) => i.id === item.id);
    const rejected = await post(admin, `/api/admin/moderation/${item.id}/reject`, {});
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().item).toMatchObject({ id: item.id, status: 'rejected', decidedBy: 'admin' });
    expect(await hiddenForAuthor).toEqual({ messageId: ack.data.id, contentId: null });
    await hiddenForWatcher;
    expect((await decidedLive).status).toBe('rejected');

    const recentAfter = (await t.app.inject({ method: 'GET', url: '/api/chat/recent', headers: { cookie: listener } })).json();
    expect(recentAfter.map((m: { id: number }) => m.id)).not.toContain(ack.data.id);
    const row = await t.database.db.kysely.selectFrom('moderationItems').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    const adminRow = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.decidedBy).toBe(adminRow.id);
    expect(Date.now() - Number(row.decidedAt)).toBeLessThan(10_000);
    const logged = await t.database.db.kysely.selectFrom('adminActions').selectAll().where('action', '=', 'moderation.reject').execute();
    expect(logged.some((a) => a.targetId === item.id && a.adminId === adminRow.id)).toBe(true);

    // A second decision on the same item is refused: the first one stands.
    expect((await post(admin, `/api/admin/moderation/${item.id}/approve`)).statusCode).toBe(409);
  });

  it('hides a rejected message in its content room only', async () => {
    const [live] = (await t.app.inject({ method: 'GET', url: '/api/content?live=true' })).json();
    const [inRoom, inLobby] = [await connectSocket(url, listener), await connectSocket(url, admin)];
    await emitWithAck(inRoom, 'content:watch', { contentId: live.id });
    const sent = (await post(viewer, '/api/chat/send', { message: 'what a shit match', contentId: live.id })).json();
    const item = (await queue()).items.find((i: { targetId: number }) => i.targetId === sent.id);
    const lobby = collect(inLobby, 'chat:hidden');
    const hidden = nextEvent(inRoom, 'chat:hidden', (e) => e.messageId === sent.id);
    await post(admin, `/api/admin/moderation/${item.id}/reject`, {});
    expect(await hidden).toEqual({ messageId: sent.id, contentId: live.id });
    await new Promise((r) => setTimeout(r, 100));
    expect(lobby.seen).toHaveLength(0);
  });

  it('approving keeps the message and records who decided', async () => {
    const sent = (await post(listener, '/api/chat/send', { message: 'this shit show is actually great' })).json();
    const item = (await queue()).items.find((i: { targetId: number }) => i.targetId === sent.id);
    expect(item.status).toBe('pending');
    const approved = await post(admin, `/api/admin/moderation/${item.id}/approve`);
    expect(approved.json().item).toMatchObject({ status: 'approved', decidedBy: 'admin' });
    const recent = (await t.app.inject({ method: 'GET', url: '/api/chat/recent', headers: { cookie: viewer } })).json();
    expect(recent.map((m: { id: number }) => m.id)).toContain(sent.id);
  });

  it('a rejection with a timeout stops the author chatting and asking with a clear 403, over REST and socket', async () => {
    const fresh = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: 'rude@example.com', username: 'rude', password: 'correct-horse' } });
    const rude = `onair.sid=${fresh.cookies.find((c) => c.name === 'onair.sid')!.value}`;
    const sent = (await post(rude, '/api/chat/send', { message: 'fuck you all' })).json();
    const item = (await queue()).items.find((i: { targetId: number }) => i.targetId === sent.id);
    const open = await connectSocket(url, rude);
    const told = nextEvent(open, 'notification:new');
    const decision = await post(admin, `/api/admin/moderation/${item.id}/reject`, { timeoutMinutes: 30 });
    expect(decision.statusCode).toBe(200);
    expect(Date.parse(decision.json().timedOutUntil) - Date.now()).toBeGreaterThan(29 * 60_000);
    // The author hears it at once, on their open page, not at their next message.
    expect((await told).text).toMatch(/^A moderator removed your chat message and timed you out of chat and Q&A for 30 minutes, until \d\d:\d\d UTC\.$/);

    const refused = await post(rude, '/api/chat/send', { message: 'sorry' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/timed you out of chat and Q&A until \d\d:\d\d UTC \(30 minutes left\)/);
    const asked = await post(rude, '/api/qna/submit', { question: 'why was I timed out?' });
    expect(asked.statusCode).toBe(403);
    const socket = await connectSocket(url, rude);
    expect(await emitWithAck(socket, 'chat:send', { message: 'sorry' })).toMatchObject({ ok: false, status: 403 });
    expect((await queue()).health.activeTimeouts).toBeGreaterThanOrEqual(1);
    // Others chat on.
    expect((await post(listener, '/api/chat/send', { message: 'still here' })).statusCode).toBe(201);
  });

  it('rejecting a flagged question hides it from the host, and from the open lists of the host and the asker', async () => {
    const [asker, host] = [await connectSocket(url, viewer), await connectSocket(url, admin)];
    const asked = (await post(viewer, '/api/qna/submit', { question: 'why is this host such an asshole?' })).json();
    const item = (await queue()).items.find((i: { kind: string; targetId: number }) => i.kind === 'question' && i.targetId === asked.id);
    expect(item).toBeDefined();
    const goneForAsker = nextEvent(asker, 'qna:hidden', (e) => e.questionId === asked.id);
    const goneForHost = nextEvent(host, 'qna:hidden', (e) => e.questionId === asked.id);
    await post(admin, `/api/admin/moderation/${item.id}/reject`, {});
    expect(await goneForAsker).toEqual({ questionId: asked.id, contentId: null });
    await goneForHost;
    const questions = (await t.app.inject({ method: 'GET', url: '/api/qna', headers: { cookie: admin } })).json();
    expect(questions.map((q: { id: number }) => q.id)).not.toContain(asked.id);
  });

  it('counters and community health match the rows', async () => {
    const db = t.database.db.kysely;
    const { counters, health, items } = await queue();
    const rows = await db.selectFrom('moderationItems').selectAll().execute();
    const startOfDay = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    expect(counters).toEqual({
      pending: rows.filter((r) => r.status === 'pending').length,
      approved: rows.filter((r) => r.status === 'approved').length,
      rejected: rows.filter((r) => r.status === 'rejected').length,
      today: rows.filter((r) => r.createdAt >= startOfDay).length,
    });
    const firstPending = items.findIndex((i: { status: string }) => i.status !== 'pending');
    expect(items.slice(firstPending === -1 ? items.length : firstPending).every((i: { status: string }) => i.status !== 'pending')).toBe(true);

    const from = startOfDay - 6 * DAY_MS;
    const chat = (await db.selectFrom('chatMessages').selectAll().execute()).filter((m) => m.createdAt >= from);
    expect(health.totalMessages).toBe(chat.length);
    expect(health.flaggedMessages).toBe(chat.filter((m) => m.flagged).length);
    expect(health.flagRate).toBe(Math.round((chat.filter((m) => m.flagged).length / chat.length) * 1000) / 10);
    expect(health.sentimentTrend).toHaveLength(7);
    const today = health.sentimentTrend.at(-1);
    const todays = chat.filter((m) => m.createdAt >= startOfDay);
    expect(today.messages).toBe(todays.length);
    expect(today.avgSentiment).toBeCloseTo(todays.reduce((s, m) => s + m.sentiment, 0) / todays.length, 2);
    const decided = rows.filter((r) => r.decidedAt !== null);
    const avg = decided.reduce((s, r) => s + (Number(r.decidedAt) - r.createdAt), 0) / decided.length;
    expect(health.avgResponseSeconds).toBe(Math.round(avg / 1000));
  });

  it('answers 404 for an unknown item and 400 for a bad timeout', async () => {
    expect((await post(admin, '/api/admin/moderation/999999/approve')).statusCode).toBe(404);
    const bad = await post(admin, '/api/admin/moderation/1/reject', { timeoutMinutes: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^timeoutMinutes/);
    expect((await post(admin, '/api/admin/moderation/abc/approve')).statusCode).toBe(400);
  });
});
