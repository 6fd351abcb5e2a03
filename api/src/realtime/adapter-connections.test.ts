/**
 * The Socket.IO streams adapter's Redis connections end with the node: the one it publishes on is
 * the realtime plugin's to close, and those it reads on it closes itself once its namespaces close.
 * A connection left open is a handle that outlives `app.close()` (and, on a shared Redis, one more
 * client per restart).
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../../test-support/redis.ts';
import { watchUnhandledRejections } from '../../../test-support/unhandled-rejections.ts';
import { testNodes, type TestNodes } from '../../test/support/nodes.ts';

const hasRedis = await redisAvailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(hasRedis)('socket adapter connections (real Redis)', () => {
  let cluster: TestNodes | undefined;
  const observer = hasRedis ? new Redis(TEST_REDIS_URL) : null;
  afterAll(() => observer?.disconnect());

  async function adapterConnections(name: string) {
    const list = String(await observer!.client('LIST'));
    return list.split('\n').filter((line) => line.includes(` name=${name} `)).length;
  }

  it('are open while the node runs and closed once it has closed', async () => {
    // A prefix with a space, which Redis refuses in a connection's name.
    cluster = await testNodes('adapter conn');
    const { app } = await cluster.start('node-a');
    const name = `${app.config.redisPrefix}socket.io`.replace(/[^\x21-\x7e]/g, '_');
    await app.ready();
    await expect.poll(() => adapterConnections(name), { timeout: 5_000 }).toBeGreaterThanOrEqual(2);

    await cluster.stop();
    // The reading connection leaves at the end of its blocking XREAD (5 s at most).
    const deadline = Date.now() + 10_000;
    while ((await adapterConnections(name)) > 0 && Date.now() < deadline) await sleep(200);
    expect(await adapterConnections(name)).toBe(0);
  }, 30_000);

  it('close as soon as the node has started without failing the subscription still under way', async () => {
    // The adapter subscribes without waiting for Redis's answer: a node closed before it came failed
    // that SUBSCRIBE as it hung up, an unhandled rejection, in four of five tries.
    const unhandled = watchUnhandledRejections();
    try {
      for (let i = 0; i < 3; i++) {
        const nodes = await testNodes(`adapter quick ${i}`);
        await nodes.start('node-a');
        await nodes.stop();
      }
      await sleep(200);
      expect(unhandled.reasons()).toEqual([]);
    } finally {
      unhandled.stop();
    }
  }, 30_000);
});
