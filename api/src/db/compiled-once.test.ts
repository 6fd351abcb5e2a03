import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test-support/databases.ts';
import { compiledForOne, compiledOnce } from './compiled-once.ts';
import { seedDemo } from './seed/demo.ts';

const dialects = await testDialects();

describe.each(dialects)('queries compiled once on %s', (dialect) => {
  let d: TestDatabase;
  beforeAll(async () => {
    d = await createTestDatabase(dialect);
    await seedDemo(d.db.kysely, { contentItems: 5, audienceSize: 5, viewEvents: 20, liveItems: 1, chatMessages: 0, polls: 0, questions: 0 });
  });
  afterAll(() => d.destroy());
  const db = () => d.db.kysely;

  let builds = 0;
  const messagesOf = compiledOnce((kysely, p: { userId: number; since: number }) => {
    builds++;
    return kysely
      .selectFrom('chatMessages')
      .select(['id', 'contentId', 'userId', 'message', 'createdAt'])
      .where('userId', '=', p.userId)
      .where('createdAt', '>=', p.since)
      .orderBy('id');
  });
  const insertMessage = compiledOnce((kysely, p: { contentId: number | null; userId: number; message: string; createdAt: number }) =>
    kysely
      .insertInto('chatMessages')
      .values({ contentId: p.contentId, userId: p.userId, message: p.message, idempotencyKey: null, sentiment: 0, flagged: 0, createdAt: p.createdAt })
      .returning('id'),
  );

  it('writes and reads with new values each run, rows in camel case as the builder gives them, building once', async () => {
    const users = await db().selectFrom('users').select('id').orderBy('id').limit(2).execute();
    const [a, b] = users.map((u) => u.id) as [number, number];
    const content = await db().selectFrom('content').select('id').executeTakeFirstOrThrow();
    const written = [
      await insertMessage.takeFirst(db(), { contentId: content.id, userId: a, message: 'first', createdAt: 1000 }),
      await insertMessage.takeFirst(db(), { contentId: null, userId: a, message: 'second', createdAt: 2000 }),
      await insertMessage.takeFirst(db(), { contentId: content.id, userId: b, message: 'third', createdAt: 3000 }),
    ];
    expect(written.every((row) => typeof row?.id === 'number')).toBe(true);

    const built = (userId: number, since: number) =>
      db().selectFrom('chatMessages').select(['id', 'contentId', 'userId', 'message', 'createdAt']).where('userId', '=', userId).where('createdAt', '>=', since).orderBy('id').execute();
    expect(await messagesOf.execute(db(), { userId: a, since: 0 })).toEqual(await built(a, 0));
    expect(await messagesOf.execute(db(), { userId: a, since: 1500 })).toEqual([
      { id: written[1]!.id, contentId: null, userId: a, message: 'second', createdAt: 2000 },
    ]);
    expect(await messagesOf.execute(db(), { userId: b, since: 0 })).toEqual(await built(b, 0));
    expect(await messagesOf.takeFirst(db(), { userId: b, since: 9999 })).toBeUndefined();
    expect(builds).toBe(1);
  });

  it('runs inside a transaction on its connection: a commit is seen by the write watch, a rollback leaves nothing', async () => {
    const user = await db().selectFrom('users').select('id').executeTakeFirstOrThrow();
    const seen: string[][] = [];
    const stop = d.db.writes.onWrite((tables) => seen.push([...tables]));
    try {
      await db().transaction().execute((trx) => insertMessage.execute(trx, { contentId: null, userId: user.id, message: 'kept', createdAt: 5000 }));
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await insertMessage.execute(trx, { contentId: null, userId: user.id, message: 'undone', createdAt: 6000 });
            throw new Error('roll back');
          }),
      ).rejects.toThrow('roll back');
    } finally {
      stop();
    }
    expect(seen).toEqual([['chat_messages']]);
    const messages = (await messagesOf.execute(db(), { userId: user.id, since: 5000 })).map((m) => m.message);
    expect(messages).toEqual(['kept']);
  });

  it('compiles the single-row form of a list statement once and builds batches anew, with the same rows either way', async () => {
    let oneBuilds = 0;
    const texts = compiledForOne((kysely, rows: readonly { id: number }[], shared: { userId: number }) => {
      if (rows.length === 1) oneBuilds++;
      return kysely
        .selectFrom('chatMessages')
        .select(['id', 'message'])
        .where('id', 'in', rows.map((r) => r.id))
        .where('userId', '=', shared.userId)
        .orderBy('id');
    });
    const user = await db().selectFrom('users').select('id').executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const message of ['a', 'b', 'c']) ids.push((await insertMessage.takeFirst(db(), { contentId: null, userId: user.id, message, createdAt: 7000 }))!.id);
    const rows = ids.map((id) => ({ id }));
    expect(await texts(db(), rows, { userId: user.id })).toEqual(ids.map((id, i) => ({ id, message: 'abc'[i] })));
    expect(await texts(db(), [rows[1]!], { userId: user.id })).toEqual([{ id: ids[1], message: 'b' }]);
    expect(await texts(db(), [rows[2]!], { userId: user.id })).toEqual([{ id: ids[2], message: 'c' }]);
    expect(await texts(db(), [rows[2]!], { userId: user.id + 1000 })).toEqual([]);
    expect(oneBuilds).toBe(1);
  });

  it('refuses a run that lacks a value rather than binding nothing', async () => {
    await expect(messagesOf.execute(db(), { userId: 1 } as never)).rejects.toThrow('no value for since');
  });
});
