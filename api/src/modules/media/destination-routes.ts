/**
 * Creator Studio's media routes: restream destinations (each creator manages only their own), and the
 * polling fallbacks of `stream:health` and `restream:state` for while the Studio's socket is down.
 */
import {
  RestreamTargetIdParamsSchema,
  RestreamTargetPatchSchema,
  RestreamTargetRequestSchema,
  type RestreamState,
  type StreamHealth,
} from '@onair/protocol';
import { createTarget, deleteTarget, listTargets, updateTarget } from './destinations.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function destinationRoutes(app: ZodApp) {
  const db = app.db.kysely;
  const secret = app.config.sessionSecret;
  const studio = { onRequest: app.requireRole('creator', 'admin') };
  const base = '/api/creator/streaming/destinations';

  app.get(base, studio, async (request) => listTargets(db, signedInUser(request).id));

  app.post(base, { ...studio, schema: { body: RestreamTargetRequestSchema } }, async (request, reply) => {
    const input = request.body;
    return reply.code(201).send(await createTarget(db, signedInUser(request).id, input, secret));
  });

  app.patch(`${base}/:id`, { ...studio, schema: { params: RestreamTargetIdParamsSchema, body: RestreamTargetPatchSchema } }, async (request) => {
    const { id } = request.params;
    const patch = request.body;
    return updateTarget(db, signedInUser(request).id, id, patch, secret);
  });

  app.delete(`${base}/:id`, { ...studio, schema: { params: RestreamTargetIdParamsSchema } }, async (request, reply) => {
    const { id } = request.params;
    await deleteTarget(db, signedInUser(request).id, id);
    return reply.code(204).send();
  });

  /** Stream ids of the creator's broadcasts on air: what the registry holds about ended ones is stale. */
  const onAir = async (creatorId: number) =>
    new Set((await db.selectFrom('streams').select('id').where('creatorId', '=', creatorId).where('endedAt', 'is', null).execute()).map((s) => s.id));

  app.get('/api/creator/streaming/health', studio, async (request): Promise<StreamHealth[]> => {
    const live = await onAir(signedInUser(request).id);
    return app.liveState.healthOf(signedInUser(request).id).filter((h) => live.has(h.streamId));
  });

  app.get('/api/creator/streaming/restreams', studio, async (request): Promise<RestreamState[]> => {
    const live = await onAir(signedInUser(request).id);
    return app.liveState.restreamsOf(signedInUser(request).id).filter((s) => live.has(s.streamId));
  });
}
