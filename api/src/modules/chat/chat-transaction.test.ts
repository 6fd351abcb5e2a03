/**
 * One chat write, one transaction (issue 12, point 4): the message, its moderation item and its points
 * commit together before the broadcast. When the points cannot be written, nobody sees the message,
 * nothing of it is stored, and the author is told it failed; once the database is healthy again the
 * same message goes through whole.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { closeAllSockets, collect, connectSocket, emitWithAck } from '../../../test/support/sockets.ts';

const ABUSE = 'you are an idiot and a moron';

describe('a chat message and what it earns are written together', () => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
    [viewer, creator] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'creator', 'creator123')]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const db = () => t.app.db.kysely;
  const count = async (table: 'chatMessages' | 'moderationItems' | 'pointsLedger') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('stores and broadcasts nothing when the points cannot be written, then sends the retry whole', async () => {
    const [sender, receiver] = [await connectSocket(url, viewer), await connectSocket(url, creator)];
    const { seen } = collect(receiver, 'chat:message');
    const before = { messages: await count('chatMessages'), queued: await count('moderationItems'), points: await count('pointsLedger') };

    await sql`create trigger points_down before insert on points_ledger begin select raise(abort, 'points ledger unavailable'); end`.execute(db());
    const failed = await emitWithAck(sender, 'chat:send', { message: ABUSE, idempotencyKey: 'tx-retry-0001' });
    expect(failed.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toHaveLength(0);
    expect({ messages: await count('chatMessages'), queued: await count('moderationItems'), points: await count('pointsLedger') }).toEqual(before);

    await sql`drop trigger points_down`.execute(db());
    const sent = await emitWithAck(sender, 'chat:send', { message: ABUSE, idempotencyKey: 'tx-retry-0001' });
    expect(sent.ok).toBe(true);
    await expect.poll(() => seen.length).toBe(1);
    expect({ messages: await count('chatMessages'), queued: await count('moderationItems'), points: await count('pointsLedger') }).toEqual({
      messages: before.messages + 1,
      queued: before.queued + 1,
      points: before.points + 1,
    });
  });
});
