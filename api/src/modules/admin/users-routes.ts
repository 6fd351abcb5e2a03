/** The users tab: search, and the actions of spec §2 (verify, approve creator, suspend, role, message). */
import type { FastifyInstance } from 'fastify';
import { AdminIdParamsSchema, AdminMessageRequestSchema, AdminRoleRequestSchema, AdminUsersQuerySchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { pushNotification, sendNotification } from '../notifications/service.ts';
import { findUserById } from '../users/repository.ts';
import { recordAdminAction } from './activity.ts';
import { searchUsers } from './users-repository.ts';
import { approveCreatorRequest, setRole, suspendUser, unsuspendUser, verifyUser } from './users-service.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function adminUserRoutes(app: FastifyInstance) {
  const idOf = (params: unknown) => parseOr400(AdminIdParamsSchema, params).id;

  app.get('/api/admin/users', async (request) => searchUsers(app.db.kysely, parseOr400(AdminUsersQuerySchema, request.query)));

  app.post('/api/admin/users/:id/verify', async (request) => verifyUser(app, signedInUser(request), idOf(request.params)));
  app.post('/api/admin/users/:id/approve-creator', async (request) => approveCreatorRequest(app, signedInUser(request), idOf(request.params)));
  app.post('/api/admin/users/:id/suspend', async (request) => suspendUser(app, signedInUser(request), idOf(request.params)));
  app.post('/api/admin/users/:id/unsuspend', async (request) => unsuspendUser(app, signedInUser(request), idOf(request.params)));

  app.post('/api/admin/users/:id/role', async (request) => {
    const id = idOf(request.params);
    const { role } = parseOr400(AdminRoleRequestSchema, request.body);
    return setRole(app, signedInUser(request), id, role);
  });

  app.post('/api/admin/users/:id/message', async (request, reply) => {
    const id = idOf(request.params);
    const { text } = parseOr400(AdminMessageRequestSchema, request.body);
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
