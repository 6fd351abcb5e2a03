/**
 * The moderation queue and its decisions. Registered inside the admin area, whose guard answers 401
 * and 403 before any of these handlers run.
 */
import { AdminIdParamsSchema, ModerationDecisionRequestSchema, ModerationQueueQuerySchema } from '@onair/protocol';
import { moderationQueue } from './admin-queue.ts';
import { decideModerationItem } from './decisions.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function moderationAdminRoutes(app: ZodApp) {
  app.get('/api/admin/moderation-queue', { schema: { querystring: ModerationQueueQuerySchema } }, async (request) => {
    const { limit } = request.query;
    return moderationQueue(app.db.kysely, limit);
  });

  app.post('/api/admin/moderation/:id/approve', { schema: { params: AdminIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    return decideModerationItem(app, signedInUser(request), id, 'approved');
  });

  app.post('/api/admin/moderation/:id/reject', { schema: { params: AdminIdParamsSchema, body: ModerationDecisionRequestSchema } }, async (request) => {
    const { id } = request.params;
    const options = request.body;
    return decideModerationItem(app, signedInUser(request), id, 'rejected', options);
  });
}
