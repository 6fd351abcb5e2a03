/**
 * The commands the streams adapter sends without waiting or catching (adapter-redis.ts) fail quietly
 * when the connection closes before Redis answers, instead of as unhandled rejections. Real Redis: a
 * command sent while the connection is still opening and a hang-up in the same turn is the close that
 * a node stopped right after its start gives them (a connected client's hang-up lets Redis answer first).
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../../../test-support/redis.ts';
import { watchUnhandledRejections } from '../../../test-support/unhandled-rejections.ts';
import { adapterConnection } from './adapter-redis.ts';

const hasRedis = await redisAvailable();

describe.runIf(hasRedis)('the socket adapter’s Redis connection (real Redis)', () => {
  const opened: Redis[] = [];
  afterEach(() => {
    for (const client of opened.splice(0)) client.disconnect();
  });

  /** Runs `send` on a client still connecting and hangs up in the same turn, then collects the rejections. */
  async function hangUpDuring(client: Redis, send: (client: Redis) => void): Promise<string[]> {
    expect(client.status).toBe('connecting');
    const unhandled = watchUnhandledRejections();
    try {
      send(client);
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return unhandled.reasons();
    } finally {
      unhandled.stop();
    }
  }

  it('logs a publish or a session write the hang-up failed, without an unhandled rejection', async () => {
    const base = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const failures: unknown[] = [];
    const connection = adapterConnection(base, 'onair-test adapter', (error) => failures.push(error));
    opened.push(base, connection);
    const rejections = await hangUpDuring(connection, (c) => {
      void c.publish('onair-test:adapter-redis', 'hello');
      void c.set('onair-test:adapter-redis', 'session', 'PX', 1000);
    });
    expect(rejections).toEqual([]);
    expect(failures.map(String)).toEqual(['Error: Connection is closed.', 'Error: Connection is closed.']);
    // Named for CLIENT LIST, with what Redis refuses in a name replaced.
    expect(connection.options.connectionName).toBe('onair-test_adapter');
  });

  it('lets a copy lose its subscription quietly', async () => {
    const base = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const connection = adapterConnection(base, 'onair-test-adapter', () => undefined);
    const copy = connection.duplicate();
    opened.push(base, connection, copy);
    expect(await hangUpDuring(copy, (c) => void c.subscribe('onair-test:adapter-redis'))).toEqual([]);
  });

  it('meets the failure it is for: a command sent while connecting fails at the hang-up', async () => {
    const plain = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    opened.push(plain);
    const published = plain.publish('onair-test:adapter-redis', 'hello');
    plain.disconnect();
    await expect(published).rejects.toThrow('Connection is closed.');
  });
});
