import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';

export const CLOSE_SWEEP_MS = 1_000;

/**
 * Announces `poll:closed` when a poll's time is up. Every node sweeps; with Redis a SET NX claim makes
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
      const targets = poll.contentId ? [rooms.polls(), rooms.content(poll.contentId)] : [rooms.polls()];
      app.io.to(targets).emit('poll:closed', { pollId: poll.id });
    }
  }, CLOSE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
