import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@onair/protocol';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { publicStats } from '../analytics/summary.ts';
import { ReadCache } from '../../http/read-cache.ts';

/** Bounds what the write watch cannot see: other API nodes' writes. */
const PUBLIC_STATS_TTL_MS = 5000;

/** What signed-out pages may read: deployment facts and aggregate counts, nothing personal. */
export default async function publicRoutes(app: FastifyInstance) {
  app.get('/api/public/config', async (): Promise<PublicConfig> => ({
    demoMode: app.config.seedDemo,
    demoAccounts: app.config.seedDemo
      ? DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role }))
      : [],
    creatorSelfServe: app.config.creatorSelfServe,
  }));

  // The landing page's figures, asked by every visitor: kept as JSON until a write to what they count.
  const stats = new ReadCache<string>(app.db.writes, { tables: ['content', 'users', 'reach_countries'], ttlMs: PUBLIC_STATS_TTL_MS });
  app.addHook('onClose', async () => stats.close());
  app.get('/api/public/stats', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(await stats.get('stats', async () => JSON.stringify(await publicStats(app.db.kysely)))),
  );

  app.get('/api/health', async () => ({ ok: true }));
}
