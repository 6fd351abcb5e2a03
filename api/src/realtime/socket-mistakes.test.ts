/**
 * The socket side of "no 500 for a client's mistake": every client event, sent with payloads of the
 * wrong shape, type and size, by a signed-out and a signed-in socket, is acknowledged with a 4xx (or
 * ignored where the event has no acknowledgement); the server records no fault of its own and the
 * connection stays usable.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listen, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { testDialects } from '../../../test-support/databases.ts';
import { closeAllSockets, connectSocket, emitWithAck, type ClientSocket } from '../../test/support/sockets.ts';

const PAYLOADS: unknown[] = [
  undefined,
  null,
  'hello',
  42,
  [],
  [1, 2],
  {},
  { contentId: 2 ** 31 },
  { contentId: -1, message: 7 },
  { contentId: '1; drop table users', pollId: 'x', optionIndex: 1e308 },
  { message: 'x'.repeat(50_000) },
  { message: 'nul \u0000 inside', contentId: null },
  { pollId: 2 ** 31, optionIndex: -1 },
  { pollId: 1, optionIndex: [] },
  { contentId: 1, device: 'toaster' },
  { contentId: { $gt: 0 } },
];

const ACKED = ['chat:send', 'poll:vote', 'content:watch'] as const;

/** Emits a raw event (no typing: the point is to send what the types forbid) and waits for its ack. */
function rawAck(socket: ClientSocket, event: string, payload: unknown): Promise<{ ok: boolean; status?: number }> {
  return (socket.timeout(5000) as unknown as { emitWithAck(e: string, p: unknown): Promise<{ ok: boolean; status?: number }> }).emitWithAck(event, payload);
}

describe.each(await testDialects())('socket events with bad input (%s)', (dialect) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { CHAT_RATE_LIMIT: '100000', VOTE_RATE_LIMIT: '100000' } });
    url = await listen(t);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t?.close());

  it('answers every malformed event with a 4xx, records no server fault, and keeps the connection', async () => {
    const faultsBefore = t.app.serverErrors.length;
    const sockets = { 'signed out': await connectSocket(url), viewer: await connectSocket(url, await signIn(t.app, 'viewer', 'viewer123')) };
    const wrong: string[] = [];
    for (const [who, socket] of Object.entries(sockets)) {
      for (const event of ACKED) {
        for (const payload of PAYLOADS) {
          const ack = await rawAck(socket, event, payload);
          if (ack.ok || !ack.status || ack.status < 400 || ack.status >= 500) wrong.push(`${who} ${event} ${JSON.stringify(payload)?.slice(0, 60)} → ${JSON.stringify(ack)}`);
        }
        // Without an acknowledgement, and with something that is not a function where it belongs.
        (socket.emit as (e: string, ...args: unknown[]) => void)(event, {});
        (socket.emit as (e: string, ...args: unknown[]) => void)(event, { message: 'hi' }, 'not a function');
      }
      for (const payload of PAYLOADS) (socket.emit as (e: string, ...args: unknown[]) => void)('content:leave', payload);
      (socket.emit as (e: string, ...args: unknown[]) => void)('no:such-event', { a: 1 });
    }
    expect(wrong).toEqual([]);

    // Still connected and still working.
    const ok = await emitWithAck(sockets.viewer, 'chat:send', { message: 'still here' });
    expect(ok).toMatchObject({ ok: true });
    expect(sockets['signed out'].connected).toBe(true);
    expect(t.app.serverErrors.slice(faultsBefore)).toEqual([]);
  }, 120_000);
});
