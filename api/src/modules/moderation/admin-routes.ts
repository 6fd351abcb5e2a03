/**
 * The moderation queue and its decisions. Registered inside the admin area, whose guard answers 401
 * and 403 before any of these handlers run.
 */
import type { FastifyInstance } from 'fastify';
import { AdminIdParamsSchema, ModerationDecisionRequestSchema, ModerationQueueQuerySchema } from '@onair/protocol';
import { parseOr400 } from '../../http/validate.ts';
import { moderationQueue } from './admin-queue.ts';
import { decideModerationItem } from './decisions.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function moderationAdminRoutes(app: FastifyInstance) {
  app.get('/api/admin/moderation-queue', async (request) => {
    const { limit } = parseOr400(ModerationQueueQuerySchema, request.query);
    return moderationQueue(app.db.kysely, limit);
  });

  app.post('/api/admin/moderation/:id/approve', async (request) => {
    const { id } = parseOr400(AdminIdParamsSchema, request.params);
    return decideModerationItem(app, signedInUser(request), id, 'approved');
  });

  app.post('/api/admin/moderation/:id/reject', async (request) => {
    const { id } = parseOr400(AdminIdParamsSchema, request.params);
    const options = parseOr400(ModerationDecisionRequestSchema, request.body);
    return decideModerationItem(app, signedInUser(request), id, 'rejected', options);
  });
}
