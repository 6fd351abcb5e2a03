import type { FastifyInstance } from 'fastify';
import { AdminIdParamsSchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { listNotifications, markRead } from './service.ts';

/** GET /api/notifications and POST /api/notifications/:id/read, for the signed-in recipient. */
export default async function notificationRoutes(app: FastifyInstance) {
  app.get('/api/notifications', { preHandler: app.requireUser }, async (request) => listNotifications(app.db.kysely, request.user!.id));

  app.post('/api/notifications/:id/read', { preHandler: app.requireUser }, async (request) => {
    const { id } = parseOr400(AdminIdParamsSchema, request.params);
    return markRead(app.db.kysely, request.user!.id, id);
  });
}
