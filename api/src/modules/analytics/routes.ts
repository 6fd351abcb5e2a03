import type { FastifyInstance } from 'fastify';
import { analyticsSummary } from './summary.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  app.get('/api/analytics', { onRequest: app.requireUser }, async () => analyticsSummary(app.db.kysely));
}
