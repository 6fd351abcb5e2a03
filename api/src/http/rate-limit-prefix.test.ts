/**
 * REDIS_PREFIX keeps deployments sharing one Redis apart (issue 13, finding 7): the rate-limit keys
 * (budgets, sign-in back-off, write limits) land under `${REDIS_PREFIX}rl:`, never a fixed `onair:rl:`.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp, TINY_SEED } from '../../test/support/app.ts';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/redis.ts';

const hasRedis = await redisAvailable();

async function keysUnder(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}

describe.runIf(hasRedis)('rate-limit keys under REDIS_PREFIX (real Redis)', () => {
  const prefix = uniquePrefix('rl');
  let t: TestApp;
  let appRedis: Redis;
  let redis: Redis;
  beforeAll(async () => {
    // As main.ts wires it: the server gets a Redis client, and REDIS_PREFIX from the configuration.
    appRedis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { REDIS_PREFIX: prefix }, deps: { redis: appRedis } });
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await t?.close();
    appRedis?.disconnect();
    redis?.disconnect();
    await clearPrefix(prefix);
  });

  it('puts the sign-in budget, the back-off and a write budget under the prefix, and nothing under onair:rl:', async () => {
    const stranger = `nobody_${randomBytes(4).toString('hex')}`;
    const failed = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: stranger, password: 'guess-guess' } });
    expect(failed.statusCode).toBe(401);
    const creator = await signIn(t.app, 'creator', 'creator123');
    const created = await t.app.inject({ method: 'POST', url: '/api/polls', headers: { cookie: creator }, payload: { question: 'Prefix?', options: ['yes', 'no'], durationSeconds: 60 } });
    expect(created.statusCode).toBe(201);

    const ours = await keysUnder(redis, `${prefix}rl:*`);
    expect(ours.some((k) => k.startsWith(`${prefix}rl:login:ip:`))).toBe(true);
    expect(ours).toContain(`${prefix}rl:login:fail:${stranger}:127.0.0.1`);
    expect(ours.some((k) => k.startsWith(`${prefix}rl:write:poll:`))).toBe(true);
    expect(await keysUnder(redis, `onair:rl:*${stranger}*`)).toEqual([]);
    // The back-off's wait (a short-lived key on its own) goes under the prefix as well.
    await t.app.rateLimiter.block(`probe:${stranger}`, 60_000);
    expect(await redis.exists(`${prefix}rl:block:probe:${stranger}`)).toBe(1);
  });
});
