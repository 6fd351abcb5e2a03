/**
 * A broadcast reaches each WebSocket in one write of its whole frame (whole-frames.ts), from one node's
 * memory adapter and from the Redis streams adapter of a cluster, where the receiving node encodes the
 * frame it was relayed. Real servers and socket.io-client sockets; the server socket's own writes are
 * watched to see how the frame went out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@onair/protocol';
import type { FastifyInstance } from 'fastify';
import { createTestApp, listen, TINY_SEED, type TestApp } from '../../test/support/app.ts';
import { testNodes, type TestNodes } from '../../test/support/nodes.ts';
import { watchWrites } from '../../test/support/server-writes.ts';
import { closeAllSockets, collect, connectSocket, nextEvent, type ClientSocket } from '../../test/support/sockets.ts';
import { redisAvailable } from '../../../test-support/redis.ts';
import { joinFrame } from './whole-frames.ts';

const hasRedis = await redisAvailable();

/** Broadcasts a removal to the lobby from `sender` and checks how `receiver` got it. */
async function expectOneWholeFrame(sender: FastifyInstance, receiver: FastifyInstance, client: ClientSocket, contentId: number) {
  const written = watchWrites(receiver, client);
  const heard = nextEvent(client, 'content:removed', (event) => event.contentId === contentId);
  sender.io.to(rooms.lobby()).emit('content:removed', { contentId });
  expect(await heard).toEqual({ contentId });
  const carrying = written.filter((chunk) => chunk.includes(`"contentId":${contentId}`));
  // One write: the frame's header (FIN and the text opcode, then the payload's length) and the payload,
  // the event with the offset that connection state recovery adds.
  expect(carrying).toHaveLength(1);
  const frame = carrying[0]!;
  expect([...frame.subarray(0, 2)]).toEqual([0x81, frame.length - 2]);
  expect(frame.subarray(2).toString()).toMatch(new RegExp(`^42\\["content:removed",\\{"contentId":${contentId}\\},"[^"]+"\\]$`));
}

/**
 * Waits until broadcasts from `sender` reach `client`. A node reads the adapter's Redis stream from
 * where it stood at the node's first read, which a loaded machine may send after a broadcast made at
 * once (CI lost one that way), so warm-up broadcasts go out until one arrives.
 */
async function untilRelayed(sender: FastifyInstance, client: ClientSocket) {
  const warmUps = collect(client, 'content:removed');
  try {
    for (const deadline = Date.now() + 15_000; warmUps.seen.length === 0; ) {
      if (Date.now() > deadline) throw new Error('no broadcast relayed within 15000 ms');
      sender.io.to(rooms.lobby()).emit('content:removed', { contentId: 910_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    warmUps.stop();
  }
}

describe('joinFrame', () => {
  it('joins a header and a payload, and leaves any other shape as it came', () => {
    const header = Buffer.from([0x81, 3]);
    const payload = Buffer.from('4hi');
    expect(joinFrame([header, payload])).toEqual([Buffer.from([0x81, 3, 0x34, 0x68, 0x69])]);
    const whole = [Buffer.concat([header, payload])];
    expect(joinFrame(whole)).toBe(whole);
    const strings = ['a', 'b'];
    expect(joinFrame(strings)).toBe(strings);
    expect(joinFrame(undefined)).toBeUndefined();
  });
});

describe('a broadcast from one node', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED });
    url = await listen(t);
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  it('goes out to each socket in one write of its whole frame', async () => {
    const first = await connectSocket(url);
    const second = await connectSocket(url);
    await expectOneWholeFrame(t.app, t.app, first, 910_001);
    await expectOneWholeFrame(t.app, t.app, second, 910_002);
  });
});

describe.runIf(hasRedis)('a broadcast relayed by the Redis adapter (real Redis)', () => {
  let nodes: TestNodes;
  beforeAll(async () => {
    nodes = await testNodes('whole-frames');
  });
  afterAll(async () => {
    closeAllSockets();
    await nodes.stop();
  });

  it('goes out from the receiving node in one write of its whole frame', async () => {
    const sender = await nodes.start('node-a');
    const receiver = await nodes.start('node-b', { listen: true });
    const client = await connectSocket(receiver.url!);
    await untilRelayed(sender.app, client);
    await expectOneWholeFrame(sender.app, receiver.app, client, 910_003);
  }, 45_000);
});
