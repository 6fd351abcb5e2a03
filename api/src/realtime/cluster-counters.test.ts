/**
 * Cluster counters over a real Redis: sums across nodes, and concurrent sums of
 * the same keys sharing one round trip (counted with MONITOR, filtered to this test's prefix).
 * And a lone node's counters in memory: the sums asked in one turn answered together.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/redis.ts';
import { memoryCounters, redisCounters, type ClusterCounters } from './cluster-counters.ts';

const hasRedis = await redisAvailable();

describe('memoryCounters', () => {
  it('answers the sums asked in one turn together, at its end, each with the values set before it', async () => {
    const counters = memoryCounters();
    await counters.set('viewers:1', 3);
    await counters.set('viewers:2', 5);
    const order: string[] = [];
    const asked = [['viewers:1'], ['viewers:1', 'viewers:2', 'viewers:3']].map((keys, i) =>
      counters.sum(keys).then((sums) => {
        order.push(`sum ${i}`);
        return Object.fromEntries(sums);
      }),
    );
    // Neither is answered within the turn that asked: a microtask turn later they are still waiting.
    await Promise.resolve();
    expect(order).toEqual([]);
    setImmediate(() => order.push('next immediate'));
    expect(await Promise.all(asked)).toEqual([{ 'viewers:1': 3 }, { 'viewers:1': 3, 'viewers:2': 5, 'viewers:3': 0 }]);
    await new Promise((resolve) => setImmediate(resolve));
    // Both answered by the one immediate the first sum scheduled, before any scheduled after it.
    expect(order).toEqual(['sum 0', 'sum 1', 'next immediate']);

    await counters.set('viewers:1', 0);
    expect(Object.fromEntries(await counters.sum(['viewers:1']))).toEqual({ 'viewers:1': 0 });
  });
});

describe.runIf(hasRedis)('redisCounters (real Redis)', () => {
  const prefix = uniquePrefix('counters');
  let redisA: Redis;
  let redisB: Redis;
  let nodeA: ClusterCounters;
  let nodeB: ClusterCounters;
  beforeAll(() => {
    redisA = new Redis(TEST_REDIS_URL);
    redisB = new Redis(TEST_REDIS_URL);
    nodeA = redisCounters(redisA, 'node-a', prefix);
    nodeB = redisCounters(redisB, 'node-b', prefix);
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    redisA?.disconnect();
    redisB?.disconnect();
    await clearPrefix(prefix);
  });

  it('sums every node’s value for each key', async () => {
    await nodeA.set('viewers:1', 3);
    await nodeB.set('viewers:1', 4);
    await nodeB.set('viewers:2', 2);
    const sums = await nodeA.sum(['viewers:1', 'viewers:2', 'viewers:3']);
    expect(Object.fromEntries(sums)).toEqual({ 'viewers:1': 7, 'viewers:2': 2, 'viewers:3': 0 });
  });

  it('lets concurrent sums of the same keys share one read, and a sum after a write see it', async () => {
    const monitor = await new Redis(TEST_REDIS_URL).monitor();
    const reads: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => {
      if (args[0]?.toLowerCase() === 'hgetall' && args[1]?.startsWith(prefix)) reads.push(args[1]);
    });
    try {
      const keys = ['viewers:1', 'viewers:2'];
      const answers = await Promise.all(Array.from({ length: 20 }, () => nodeA.sum(keys)));
      for (const sums of answers) expect(Object.fromEntries(sums)).toEqual({ 'viewers:1': 7, 'viewers:2': 2 });

      // Asked while a read is in flight, right after this node's write: a read of its own, after the write.
      const before = nodeA.sum(keys);
      void nodeA.set('viewers:1', 10);
      const after = await nodeA.sum(keys);
      expect(after.get('viewers:1')).toBe(14);
      expect((await before).get('viewers:2')).toBe(2);

      // MONITOR reports a command after Redis has run it: wait until the last read shows up.
      await expect.poll(() => reads.length, { timeout: 2000 }).toBeGreaterThanOrEqual(6);
      expect(reads).toHaveLength(6); // one shared read of two keys, then one each side of the write
    } finally {
      monitor.disconnect();
    }
  });
});
