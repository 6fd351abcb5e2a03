import type { FastifyInstance } from 'fastify';
import type { PublicConfig } from '@onair/protocol';
import { DEMO_ACCOUNTS } from '../../db/seed/demo-accounts.ts';
import { publicStats } from '../analytics/summary.ts';

/** What signed-out pages may read: deployment facts and aggregate counts, nothing personal. */
export default async function publicRoutes(app: FastifyInstance) {
  app.get('/api/public/config', async (): Promise<PublicConfig> => ({
    demoMode: app.config.seedDemo,
    demoAccounts: app.config.seedDemo
      ? DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role }))
      : [],
    creatorSelfServe: app.config.creatorSelfServe,
  }));

  app.get('/api/public/stats', async () => publicStats(app.db.kysely));

  app.get('/api/health', async () => ({ ok: true }));
}
