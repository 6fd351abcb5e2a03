/** GET, POST /api/admin/curation and DELETE /api/admin/curation/:id, inside the admin area's guard. */
import { AdminIdParamsSchema, CurationRequestSchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { recordAdminAction } from '../admin/activity.ts';
import { applyCuration, listCurations, removeCuration } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function curationRoutes(app: ZodApp) {
  app.get('/api/admin/curation', async () => listCurations(app.db.kysely));

  app.post('/api/admin/curation', { schema: { body: CurationRequestSchema } }, async (request, reply) => {
    const input = request.body;
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

  app.delete('/api/admin/curation/:id', { schema: { params: AdminIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    const admin = signedInUser(request);
    await app.db.kysely.transaction().execute(async (trx) => {
      const removed = await removeCuration(trx, id);
      if (!removed) throw notFound('No curation with that id');
      await recordAdminAction(trx, { adminId: admin.id, action: 'curation.remove', targetId: id, detail: `${removed.contentType} in ${removed.region}` });
    });
    return reply.code(204).send();
  });
}
