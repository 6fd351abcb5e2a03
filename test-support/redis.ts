/**
 * The local Redis for tests. Tests that need it run whenever it answers; under CI=true it must answer.
 * Each test run uses its own key prefix, so runs never see each other's keys.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let probe: Promise<boolean> | undefined;

export function redisAvailable(): Promise<boolean> {
  probe ??= (async () => {
    const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
      return true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`Redis is required in CI but ${TEST_REDIS_URL} failed: ${String(error)}`);
      return false;
    } finally {
      client.disconnect();
    }
  })();
  return probe;
}

export const uniquePrefix = (label: string) => `onair-test:${label}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under a prefix (end of a test). */
export async function clearPrefix(prefix: string) {
  const client = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
