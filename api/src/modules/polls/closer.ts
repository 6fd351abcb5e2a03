import type { FastifyInstance } from 'fastify';
import { pollRooms } from './service.ts';

export const CLOSE_SWEEP_MS = 1_000;

/**
 * Announces `poll:closed` when a poll's time is up, to the rooms that heard of the poll (a
 * subscribers-only item's polls: its room alone). Every node sweeps; with Redis a SET NX claim makes
 * sure only one node announces each poll.
 */
export function startPollCloser(app: FastifyInstance) {
  let lastSweep = Date.now();
  const timer = setInterval(async () => {
    const now = Date.now();
    const closed = await app.db.kysely
      .selectFrom('polls')
      .select(['id', 'contentId'])
      .where('closesAt', '>', lastSweep)
      .where('closesAt', '<=', now)
      .execute()
      .catch(() => []);
    lastSweep = now;
    for (const poll of closed) {
      if (app.redis) {
        const claimed = await app.redis.set(`${app.config.redisPrefix}poll-closed:${poll.id}`, app.config.nodeId, 'PX', 60_000, 'NX');
        if (!claimed) continue;
      }
      app.io.to(await pollRooms(app, poll)).emit('poll:closed', { pollId: poll.id });
    }
  }, CLOSE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
