import type { FastifyInstance } from 'fastify';
import { AdminIdParamsSchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { listNotifications, markRead } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';

/** GET /api/notifications and POST /api/notifications/:id/read, for the signed-in recipient. */
export default async function notificationRoutes(app: FastifyInstance) {
  app.get('/api/notifications', { onRequest: app.requireUser }, async (request) => listNotifications(app.db.kysely, signedInUser(request).id));

  app.post('/api/notifications/:id/read', { onRequest: app.requireUser }, async (request) => {
    const { id } = parseOr400(AdminIdParamsSchema, request.params);
    return markRead(app.db.kysely, signedInUser(request).id, id);
  });
}
