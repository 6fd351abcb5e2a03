import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test-support/databases.ts';
import { DatabaseSessionStore } from '../plugins/session-store.ts';
import { isDemoSeeded, seedDemo } from './seed/demo.ts';
import { DAY_MS } from '@onair/protocol';

const dialects = await testDialects();
const NOW = Date.UTC(2026, 10, 1, 12);

describe.each(dialects)('data layer on %s', (dialect) => {
  let databases: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(databases.map((d) => d.destroy()));
    databases = [];
  });
  const fresh = async () => {
    const d = await createTestDatabase(dialect);
    databases.push(d);
    return d;
  };

  it('seeds the same history twice from the same reference time, and only once per database', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const options = { now: NOW, contentItems: 30, audienceSize: 40, viewEvents: 800, liveItems: 2 };
    const first = await seedDemo(a.db.kysely, options);
    const second = await seedDemo(b.db.kysely, options);
    expect(first).toEqual(second);
    expect(first.seeded).toBe(true);
    const fingerprint = (d: TestDatabase) =>
      d.db.kysely
        .selectFrom('viewEvents')
        .select(['contentId', 'device', 'country', 'watchSeconds', 'createdAt'])
        .orderBy('id')
        .execute();
    expect(await fingerprint(a)).toEqual(await fingerprint(b));
    expect(await isDemoSeeded(a.db.kysely)).toBe(true);
    expect((await seedDemo(a.db.kysely, options)).seeded).toBe(false);
  });

  it('writes a realistic spread: four devices, 30+ countries, views inside the last 90 days', async () => {
    const d = await fresh();
    await seedDemo(d.db.kysely, { now: NOW, contentItems: 120, audienceSize: 300, viewEvents: 8000 });
    const db = d.db.kysely;
    const devices = await db.selectFrom('viewEvents').select('device').distinct().execute();
    expect(devices.map((r) => r.device).sort()).toEqual(['mobile', 'satellite', 'tv', 'web']);
    const countries = await db.selectFrom('viewEvents').select('country').distinct().execute();
    expect(countries.length).toBeGreaterThanOrEqual(30);
    const range = await db
      .selectFrom('viewEvents')
      .select((eb) => [eb.fn.min('createdAt').as('first'), eb.fn.max('createdAt').as('last')])
      .executeTakeFirstOrThrow();
    expect(Number(range.first)).toBeGreaterThanOrEqual(NOW - 90 * DAY_MS);
    expect(Number(range.last)).toBeLessThanOrEqual(NOW);
    const types = await db.selectFrom('content').select('type').distinct().execute();
    expect(types.map((r) => r.type).sort()).toEqual(['podcast', 'radio', 'tv']);
    // Peaks come from the same history: every watched item that is not on air has one, never above its
    // distinct viewers; items on air start at 0 and the live tracker raises them.
    const peaks = await db
      .selectFrom('content')
      .leftJoin('viewEvents', 'viewEvents.contentId', 'content.id')
      .select(['content.id', 'content.status', 'content.peakViewers', (eb) => eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers')])
      .groupBy(['content.id', 'content.status', 'content.peakViewers'])
      .execute();
    const watched = peaks.filter((p) => Number(p.viewers) > 0 && p.status !== 'live');
    expect(watched.length).toBeGreaterThan(50);
    for (const p of watched) {
      expect(p.peakViewers).toBeGreaterThan(0);
      expect(p.peakViewers).toBeLessThanOrEqual(Number(p.viewers));
    }
    expect(peaks.filter((p) => p.status === 'live').every((p) => p.peakViewers === 0)).toBe(true);
  });

  it('writes a chat history whose flagged lines are in the moderation queue, old ones decided and hidden when rejected', async () => {
    const d = await fresh();
    await seedDemo(d.db.kysely, { now: NOW, contentItems: 30, audienceSize: 40, viewEvents: 800, liveItems: 2, chatMessages: 200 });
    const db = d.db.kysely;
    const messages = await db.selectFrom('chatMessages').selectAll().execute();
    expect(messages).toHaveLength(200);
    expect(new Set(messages.map((m) => m.contentId)).size).toBe(3); // the lobby and both live rooms
    // A community, not a script: lines are mostly distinct, and no insult fills the moderation queue.
    expect(new Set(messages.map((m) => m.message)).size / messages.length).toBeGreaterThan(0.85);
    const items = await db.selectFrom('moderationItems').selectAll().execute();
    const flagged = messages.filter((m) => m.flagged === 1);
    expect(items.map((i) => i.targetId).sort()).toEqual(flagged.map((m) => m.id).sort());
    expect(new Set(items.map((i) => i.status))).toEqual(new Set(['pending', 'approved', 'rejected']));
    const excerpts = new Map<string, number>();
    for (const item of items) excerpts.set(item.excerpt, (excerpts.get(item.excerpt) ?? 0) + 1);
    expect(Math.max(...excerpts.values())).toBeLessThanOrEqual(2);
    for (const item of items) {
      const message = messages.find((m) => m.id === item.targetId)!;
      expect(message.hidden).toBe(item.status === 'rejected' ? 1 : 0);
      // Profanity is masked in what viewers see; the excerpt keeps the original for the moderator.
      if (item.reason.startsWith('Profanity')) expect(message.message).toContain('*');
      if (item.status === 'pending') expect(NOW - item.createdAt).toBeLessThanOrEqual(12 * 3600 * 1000);
      else expect(Number(item.decidedAt)).toBeGreaterThan(item.createdAt);
    }
    const actions = await db.selectFrom('adminActions').select(['action', 'targetId']).execute();
    const decided = items.filter((i) => i.status !== 'pending');
    expect(actions.filter((a) => a.action.startsWith('moderation.')).map((a) => a.targetId).sort()).toEqual(decided.map((i) => i.id).sort());
  });

  it('writes polls voted in by the viewers of each item, questions to the hosts, and the points all of it earned', async () => {
    const d = await fresh();
    const seed = { now: NOW, contentItems: 40, audienceSize: 60, viewEvents: 2500, liveItems: 3, chatMessages: 120, polls: 8, questions: 10 };
    await seedDemo(d.db.kysely, seed);
    const db = d.db.kysely;
    const polls = await db.selectFrom('polls').innerJoin('content', 'content.id', 'polls.contentId').select(['polls.id', 'polls.contentId', 'polls.createdBy', 'polls.closesAt', 'content.creatorId', 'content.status']).execute();
    const open = polls.filter((p) => Number(p.closesAt) > NOW);
    // Up to 8 past polls (items of the last 45 days with account viewers) and one in each of two live rooms.
    expect(polls.length - open.length).toBeGreaterThan(0);
    expect(polls.length - open.length).toBeLessThanOrEqual(8);
    expect(open.map((p) => p.status)).toEqual(['live', 'live']);
    for (const p of polls) expect(p.createdBy).toBe(p.creatorId);
    // A past poll's voters all watched its item.
    for (const p of polls.filter((p) => Number(p.closesAt) <= NOW)) {
      const voters = await db.selectFrom('pollVotes').select('userId').where('pollId', '=', p.id).execute();
      const watchers = await db.selectFrom('viewEvents').select('userId').distinct().where('contentId', '=', p.contentId).execute();
      const watched = new Set(watchers.map((w) => w.userId));
      expect(voters.every((v) => watched.has(v.userId))).toBe(true);
    }
    // Questions go to the lobby (hosted by the admins) or a live room (hosted by its creator), who answered the older ones.
    const questions = await db.selectFrom('questions').leftJoin('content', 'content.id', 'questions.contentId')
      .select(['content.status', 'content.creatorId', 'questions.contentId', 'questions.answeredBy', 'questions.createdAt']).execute();
    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(questions).toHaveLength(10);
    expect(questions.some((q) => q.contentId === null)).toBe(true);
    for (const q of questions) {
      expect(Number(q.createdAt)).toBeLessThanOrEqual(NOW);
      if (q.contentId !== null) expect(q.status).toBe('live');
      if (q.answeredBy !== null) expect(q.answeredBy).toBe(q.contentId === null ? admin.id : q.creatorId);
    }

    // The ledger is exactly the replay of what was seeded, by the live rules.
    const ledger = await db.selectFrom('pointsLedger').selectAll().execute();
    const sum = (action: string) => ledger.filter((r) => r.action === action).reduce((n, r) => n + r.points, 0);
    const views = await db.selectFrom('viewEvents').select('watchSeconds').where('userId', 'is not', null).execute();
    expect(sum('watch')).toBe(views.reduce((n, v) => n + Math.floor(v.watchSeconds / 60), 0));
    expect(sum('chat')).toBe(2 * 120);
    expect(sum('vote')).toBe(5 * (await db.selectFrom('pollVotes').select('userId').execute()).length);
    expect(sum('question')).toBe(3 * 10);
    // The watch challenge paid once per account and UTC day with 30+ minutes watched, and only then.
    const days = new Map<string, number>();
    for (const v of await db.selectFrom('viewEvents').select(['userId', 'watchSeconds', 'createdAt']).where('userId', 'is not', null).execute()) {
      const key = `${v.userId}:${new Date(Number(v.createdAt)).toISOString().slice(0, 10)}`;
      days.set(key, (days.get(key) ?? 0) + v.watchSeconds);
    }
    const paid = ledger.filter((r) => r.action === 'challenge:watch-30-minutes').map((r) => `${r.userId}:${r.ref}`).sort();
    expect(paid).toEqual([...days].filter(([, seconds]) => seconds >= 1800).map(([key]) => key).sort());
    expect(paid.length).toBeGreaterThan(0);
  });

  it('enforces unique usernames and emails in the schema itself', async () => {
    const d = await fresh();
    const user = {
      username: 'Sam',
      usernameKey: 'sam',
      email: 'sam@example.com',
      passwordHash: '',
      role: 'viewer' as const,
      createdAt: NOW,
    };
    await d.db.kysely.insertInto('users').values(user).execute();
    await expect(d.db.kysely.insertInto('users').values({ ...user, email: 'other@example.com' }).execute()).rejects.toThrow();
    await expect(d.db.kysely.insertInto('users').values({ ...user, usernameKey: 'sam2' }).execute()).rejects.toThrow();
  });

  it('stores, reads, expires and deletes sessions', async () => {
    const d = await fresh();
    const store = new DatabaseSessionStore(d.db.kysely);
    const call = <T>(fn: (cb: (err: unknown, value?: T) => void) => void) =>
      new Promise<T | undefined>((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))));
    const session = { cookie: { expires: new Date(Date.now() + 60_000) } } as never;
    await call((cb) => store.set('sid-1', session, cb));
    expect(await call((cb) => store.get('sid-1', cb))).toMatchObject({ cookie: {} });
    const expired = { cookie: { expires: new Date(Date.now() - 1000) } } as never;
    await call((cb) => store.set('sid-2', expired, cb));
    expect(await call((cb) => store.get('sid-2', cb))).toBeNull();
    expect(await store.pruneExpired()).toBe(1);
    await call((cb) => store.destroy('sid-1', cb));
    expect(await call((cb) => store.get('sid-1', cb))).toBeNull();
  });
});
