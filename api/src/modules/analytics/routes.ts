import type { FastifyInstance } from 'fastify';
import { analyticsSummary } from './summary.ts';

export default async function analyticsRoutes(app: FastifyInstance) {
  app.get('/api/analytics', { preHandler: app.requireUser }, async () => analyticsSummary(app.db.kysely));
}
