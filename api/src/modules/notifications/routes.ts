import { AdminIdParamsSchema } from '@onair/protocol';
import { listNotifications, markRead } from './service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** GET /api/notifications and POST /api/notifications/:id/read, for the signed-in recipient. */
export default async function notificationRoutes(app: ZodApp) {
  app.get('/api/notifications', { onRequest: app.requireUser }, async (request) => listNotifications(app.db.kysely, signedInUser(request).id));

  app.post('/api/notifications/:id/read', { onRequest: app.requireUser, schema: { params: AdminIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return markRead(app.db.kysely, signedInUser(request).id, id);
  });
}
