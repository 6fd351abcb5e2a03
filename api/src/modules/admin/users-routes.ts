/** The users tab: search, and the actions of spec §2 (verify, approve creator, suspend, role, message). */
import { AdminIdParamsSchema, AdminMessageRequestSchema, AdminRoleRequestSchema, AdminUsersQuerySchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { pushNotification, sendNotification } from '../notifications/service.ts';
import { findUserById } from '../users/repository.ts';
import { recordAdminAction } from './activity.ts';
import { searchUsers } from './users-repository.ts';
import { approveCreatorRequest, setRole, suspendUser, unsuspendUser, verifyUser } from './users-service.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function adminUserRoutes(app: ZodApp) {

  app.get('/api/admin/users', { schema: { querystring: AdminUsersQuerySchema } }, async (request) => searchUsers(app.db.kysely, request.query));

  app.post('/api/admin/users/:id/verify', { schema: { params: AdminIdParamsSchema } }, async (request) => verifyUser(app, signedInUser(request), request.params.id));
  app.post('/api/admin/users/:id/approve-creator', { schema: { params: AdminIdParamsSchema } }, async (request) => approveCreatorRequest(app, signedInUser(request), request.params.id));
  app.post('/api/admin/users/:id/suspend', { schema: { params: AdminIdParamsSchema } }, async (request) => suspendUser(app, signedInUser(request), request.params.id));
  app.post('/api/admin/users/:id/unsuspend', { schema: { params: AdminIdParamsSchema } }, async (request) => unsuspendUser(app, signedInUser(request), request.params.id));

  app.post('/api/admin/users/:id/role', { schema: { params: AdminIdParamsSchema, body: AdminRoleRequestSchema } }, async (request) => {
    const id = request.params.id;
    const { role } = request.body;
    return setRole(app, signedInUser(request), id, role);
  });

  app.post('/api/admin/users/:id/message', { schema: { params: AdminIdParamsSchema, body: AdminMessageRequestSchema } }, async (request, reply) => {
    const id = request.params.id;
    const { text } = request.body;
    if (!(await findUserById(app.db.kysely, id))) throw notFound('No user with that id');
    const admin = signedInUser(request);
    const notification = await app.db.kysely.transaction().execute(async (trx) => {
      const stored = await sendNotification(app, { userId: id, senderId: admin.id, text }, trx);
      await recordAdminAction(trx, { adminId: admin.id, action: 'user.message', targetUserId: id });
      return stored;
    });
    pushNotification(app, id, notification);
    return reply.code(201).send(notification);
  });
}
