/**
 * Puts what every module needs on the instance: the configuration, the database, Redis (when set)
 * and the rate limiter; with Redis, relays writes between API processes for their read caches.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/dialect.ts';
import type { LiveAudience } from '../realtime/audience.ts';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { relayWrites } from '../db/write-relay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    redis: Redis | null;
    rateLimiter: RateLimiter;
    /** Who is watching live items now; the realtime plugin provides it. */
    liveAudience: LiveAudience;
  }
}

export interface ContextOptions {
  config: AppConfig;
  db: Db;
  redis: Redis | null;
  rateLimiter?: RateLimiter;
}

async function contextPlugin(app: FastifyInstance, opts: ContextOptions) {
  app.decorate('config', opts.config);
  app.decorate('db', opts.db);
  app.decorate('redis', opts.redis);
  app.decorate('rateLimiter', opts.rateLimiter ?? (opts.redis ? redisRateLimiter(opts.redis, `${opts.config.redisPrefix}rl:`) : memoryRateLimiter()));
  if (opts.redis) {
    // Peers' writes drop this process's read caches (db/write-relay.ts).
    const relay = relayWrites(opts.db.writes, opts.redis, `${opts.config.redisPrefix}writes`, opts.config.nodeId);
    app.addHook('onClose', async () => relay.close());
  }
}

export default fp(contextPlugin, { name: 'context' });
