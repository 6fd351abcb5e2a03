/**
 * Budgets for writes that had none (issue 13): creating content, creating polls, registering satellite
 * receivers and sharing. Counted per account after the input parsed, so a client's honest mistakes
 * (400s) do not use up its budget; over it, 429 with Retry-After. In Redis when REDIS_URL is set, so
 * every API node shares one budget.
 */
import type { FastifyInstance } from 'fastify';
import { enforceRateLimit, type RateLimitRule } from './rate-limit.ts';

const HOUR = 3600_000;

export const WRITE_LIMITS = {
  content: { limit: 60, windowMs: HOUR, message: 'Too many new items; wait a little before creating more' },
  contentEdit: { limit: 300, windowMs: HOUR, message: 'Too many changes to items; wait a little before changing more' },
  poll: { limit: 60, windowMs: HOUR, message: 'Too many new polls; wait a little before creating more' },
  satellite: { limit: 20, windowMs: HOUR, message: 'Too many receivers registered; wait a little before adding more' },
  share: { limit: 60, windowMs: 10 * 60_000, message: 'Too many shares; wait a little' },
} satisfies Record<string, RateLimitRule & { message: string }>;

export type WriteKind = keyof typeof WRITE_LIMITS;

/** Counts one write of this kind for the user; throws 429 when over the budget. */
export async function enforceWriteLimit(app: FastifyInstance, kind: WriteKind, userId: number): Promise<void> {
  const rule = WRITE_LIMITS[kind];
  await enforceRateLimit(app.rateLimiter, `write:${kind}:${userId}`, rule, rule.message);
}
