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
  hit(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number; count: number }>;
  reset(key: string): Promise<void>;
  /** Makes `key` wait `ms` before it may try again (a growing delay, see auth/throttle.ts). */
  block(key: string, ms: number): Promise<void>;
  /** Milliseconds `key` must still wait; 0 when it may go on. */
  blockedFor(key: string): Promise<number>;
  /**
   * Marks `key` now and answers the milliseconds since its previous mark, or `maxMs` when it had
   * none in the last `maxMs`. One atomic step, so reports sent together cannot all read the old mark.
   */
  sinceLast(key: string, maxMs: number): Promise<number>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const blocks = new Map<string, number>();
  const marks = new Map<string, number>();
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
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil((w.resetAt - t) / 1000), count: w.count };
    },
    async reset(key) {
      windows.delete(key);
      blocks.delete(key);
      marks.delete(key);
    },
    async block(key, ms) {
      blocks.set(key, now() + ms);
      if (blocks.size > 10_000) for (const [k, until] of blocks) if (until <= now()) blocks.delete(k);
    },
    async blockedFor(key) {
      return Math.max(0, (blocks.get(key) ?? 0) - now());
    },
    async sinceLast(key, maxMs) {
      const t = now();
      const previous = marks.get(key);
      marks.set(key, t);
      if (marks.size > 10_000) for (const [k, at] of marks) if (at <= t - maxMs) marks.delete(k);
      return previous === undefined ? maxMs : Math.min(maxMs, Math.max(0, t - previous));
    },
  };
}

/** `prefix` comes from REDIS_PREFIX (`${REDIS_PREFIX}rl:`), so deployments sharing a server keep apart. */
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
      return { allowed, retryAfterSeconds: allowed ? 0 : Math.ceil(waitMs / 1000), count };
    },
    async reset(key) {
      await redis.del(prefix + key, `${prefix}block:${key}`, `${prefix}mark:${key}`);
    },
    async block(key, ms) {
      await redis.set(`${prefix}block:${key}`, '1', 'PX', Math.max(1, Math.round(ms)));
    },
    async blockedFor(key) {
      return Math.max(0, await redis.pttl(`${prefix}block:${key}`));
    },
    async sinceLast(key, maxMs) {
      const t = Date.now();
      // SET … GET (Redis 6.2) writes the new mark and answers the old one in one command.
      const previous = (await redis.call('SET', `${prefix}mark:${key}`, String(t), 'PX', String(Math.max(1, Math.round(maxMs))), 'GET')) as string | null;
      return previous === null ? maxMs : Math.min(maxMs, Math.max(0, t - Number(previous)));
    },
  };
}

/** Counts the attempt and throws 429 with Retry-After when the key is over its budget. */
export async function enforceRateLimit(limiter: RateLimiter, key: string, rule: RateLimitRule, message?: string) {
  const { allowed, retryAfterSeconds } = await limiter.hit(key, rule);
  if (!allowed) throw tooManyRequests(retryAfterSeconds, message);
}
