/** Church Mode's routes and the monthly giving sweep (gifts are charged through the monetization provider). */
import type { FastifyInstance } from 'fastify';
import { churchRoutes } from './church-routes.ts';
import { startRecurringGiving } from './giving.ts';
import { givingRoutes } from './giving-routes.ts';
import { prayerRoutes } from './prayer-routes.ts';

export default async function churchModule(app: FastifyInstance) {
  churchRoutes(app);
  prayerRoutes(app);
  givingRoutes(app);
  startRecurringGiving(app);
}
