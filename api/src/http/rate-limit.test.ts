/**
 * sinceLast, the shared clock behind POST /api/analytics/record's bound (a report claims no more time
 * than has passed since the viewer's previous one), in memory and on real Redis.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearPrefix, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../../../test-support/redis.ts';
import { memoryRateLimiter, redisRateLimiter } from './rate-limit.ts';

const hasRedis = await redisAvailable();
const DAY = 86_400_000;

describe('sinceLast in memory', () => {
  it('answers the longest span for a first mark, then the time since the last, and again after a reset', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    expect(await limiter.sinceLast('k', DAY)).toBe(DAY);
    now += 5_000;
    expect(await limiter.sinceLast('k', DAY)).toBe(5_000);
    expect(await limiter.sinceLast('k', DAY)).toBe(0);
    expect(await limiter.sinceLast('other', DAY)).toBe(DAY);
    now += 2 * DAY;
    expect(await limiter.sinceLast('k', DAY)).toBe(DAY);
    await limiter.reset('k');
    expect(await limiter.sinceLast('k', DAY)).toBe(DAY);
  });
});

describe.runIf(hasRedis)('sinceLast on real Redis', () => {
  const prefix = uniquePrefix('since');
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    redis.disconnect();
    await clearPrefix(prefix);
  });

  it('lets one of many simultaneous marks see the empty span, and expires the mark', async () => {
    const limiter = redisRateLimiter(redis, prefix);
    const spans = await Promise.all(Array.from({ length: 20 }, () => limiter.sinceLast('viewer', DAY)));
    expect(spans.filter((ms) => ms === DAY)).toHaveLength(1);
    expect(Math.max(...spans.filter((ms) => ms !== DAY))).toBeLessThan(1_000);
    expect(await redis.pttl(`${prefix}mark:viewer`)).toBeGreaterThan(DAY - 60_000);

    expect(await limiter.sinceLast('short', 50)).toBe(50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limiter.sinceLast('short', 50)).toBe(50);
    await limiter.reset('viewer');
    expect(await limiter.sinceLast('viewer', DAY)).toBe(DAY);
  });
});
