/**
 * Fixed-window counters for rate limits (login, registration, chat, votes). In memory for a single
 * process; in Redis when REDIS_URL is set, so that every API node shares the same budget.
 */
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimiter {
  /** Counts one attempt against `key`; answers how many seconds to wait when over the limit. */
  hit(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, rule) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + rule.windowMs };
        windows.set(key, w);
        // Drop expired windows now and then so the map does not grow without bound.
        if (windows.size > 10_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      }
      w.count += 1;
      const allowed = w.count <= rule.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((w.resetAt - t) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'onair:rl:'): RateLimiter {
  return {
    async hit(key, rule) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pttl(k)
        .exec()) as [[unknown, number], [unknown, number]];
      if (ttl < 0) await redis.pexpire(k, rule.windowMs);
      const allowed = count <= rule.limit;
      const waitMs = ttl < 0 ? rule.windowMs : ttl;
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil(waitMs / 1000) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

/** Counts the attempt and throws 429 with Retry-After when the key is over its budget. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, rule: RateLimitRule, message?: string) {
  const { allowed, retryAfterSeconds } = await limiter.hit(key, rule);
  if (!allowed) throw tooManyRequests(retryAfterSeconds, message);
}
