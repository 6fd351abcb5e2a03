/** GET, POST /api/admin/curation and DELETE /api/admin/curation/:id, inside the admin area's guard. */
import type { FastifyInstance } from 'fastify';
import { AdminIdParamsSchema, CurationRequestSchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { recordAdminAction } from '../admin/activity.ts';
import { applyCuration, listCurations, removeCuration } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function curationRoutes(app: FastifyInstance) {
  app.get('/api/admin/curation', async () => listCurations(app.db.kysely));

  app.post('/api/admin/curation', async (request, reply) => {
    const input = parseOr400(CurationRequestSchema, request.body);
    const admin = signedInUser(request);
    const curation = await app.db.kysely.transaction().execute(async (trx) => {
      const stored = await applyCuration(trx, input, admin.id);
      await recordAdminAction(trx, {
        adminId: admin.id,
        action: 'curation.apply',
        targetId: stored.id,
        detail: `${input.contentType} first in ${input.region}, ${input.priority} priority`,
      });
      return stored;
    });
    return reply.code(201).send(curation);
  });

  app.delete('/api/admin/curation/:id', async (request, reply) => {
    const { id } = parseOr400(AdminIdParamsSchema, request.params);
    const admin = signedInUser(request);
    await app.db.kysely.transaction().execute(async (trx) => {
      const removed = await removeCuration(trx, id);
      if (!removed) throw notFound('No curation with that id');
      await recordAdminAction(trx, { adminId: admin.id, action: 'curation.remove', targetId: id, detail: `${removed.contentType} in ${removed.region}` });
    });
    return reply.code(204).send();
  });
}
