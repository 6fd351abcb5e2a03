/**
 * Podcast syndication: shows, syndication records, the public feeds and enclosures, and the scheduled
 * sync that follows each show's sync frequency.
 */
import type { FastifyInstance } from 'fastify';
import { SCHEDULED_SYNC_EVERY_MS } from '@onair/protocol';
import feedRoutes from './feed-routes.ts';
import syndicationRoutes from './routes.ts';
import showRoutes from './shows-routes.ts';

export default async function syndicationModule(app: FastifyInstance) {
  await app.register(showRoutes);
  await app.register(syndicationRoutes);
  await app.register(feedRoutes);
  app.addHook('onReady', async () => {
    await app.jobs.schedule('syndication', { scope: 'scheduled' }, SCHEDULED_SYNC_EVERY_MS);
  });
}
