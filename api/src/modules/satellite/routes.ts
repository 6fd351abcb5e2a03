import type { FastifyRequest } from 'fastify';
import {
  ReceiverCreateRequestSchema,
  ReceiverDeviceIdParamsSchema,
  ReceiverOwnerQuerySchema,
  ReceiverStatusRequestSchema,
  toggledReceiverStatus,
} from '@onair/protocol';
import { conflict, notFound } from '../../http/errors.ts';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findReceiverById, findReceivers, listReceivers, presentReceiver } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** Ids are unique per owner: the answer says the id is taken, and by whom (you), so the fix is obvious. */
const duplicate = (deviceId: string) => conflict(`deviceId: ${deviceId} is already taken by one of your receivers; choose another device id`);

export default async function satelliteRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/satellite-receivers', { onRequest: app.requireUser }, async (request) => {
    const user = signedInUser(request);
    return listReceivers(db, user.role === 'admin' ? null : user.id);
  });

  app.post('/api/satellite-receivers', { onRequest: app.requireUser, schema: { body: ReceiverCreateRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const ownerId = signedInUser(request).id;
    await enforceWriteLimit(app, 'satellite', ownerId);
    if ((await findReceivers(db, input.deviceId, ownerId)).length > 0) throw duplicate(input.deviceId);
    try {
      const { id } = await db
        .insertInto('satelliteReceivers')
        .values({
          ownerId,
          deviceId: input.deviceId,
          deviceName: input.deviceName,
          model: input.model,
          firmwareVersion: input.firmwareVersion,
          latitude: input.location?.latitude ?? null,
          longitude: input.location?.longitude ?? null,
          region: input.location?.region ?? null,
          // Nothing has been heard from the box yet: it is not online until it (or its owner) says so.
          status: 'offline',
          lastSeen: null,
          createdAt: Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(presentReceiver((await findReceiverById(db, id))!));
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(input.deviceId);
      throw error;
    }
  });

  app.patch('/api/satellite-receivers/:deviceId/status', { onRequest: app.requireUser, schema: { params: ReceiverDeviceIdParamsSchema, querystring: ReceiverOwnerQuerySchema, body: ReceiverStatusRequestSchema } }, async (request) => {
    const { deviceId } = request.params;
    const { ownerId } = request.query;
    const { status } = request.body;
    const receiver = await resolveReceiver(app, request, deviceId, ownerId);
    const next = status ?? toggledReceiverStatus(receiver.status);
    await db.updateTable('satelliteReceivers').set({ status: next, lastSeen: Date.now() }).where('id', '=', receiver.id).execute();
    return presentReceiver((await findReceiverById(db, receiver.id))!);
  });
}

/**
 * The receiver a PATCH is about. Someone else's receiver answers 404, exactly like one that does not
 * exist, so ids cannot be probed. Admins may name the owner; without one, their own receiver wins,
 * then the only receiver anywhere with that id.
 */
async function resolveReceiver(app: ZodApp, request: FastifyRequest, deviceId: string, ownerId: number | undefined) {
  const db = app.db.kysely;
  const user = signedInUser(request);
  const missing = () => notFound('No receiver with that device id');
  if (user.role !== 'admin') {
    if (ownerId !== undefined && ownerId !== user.id) throw missing();
    const [own] = await findReceivers(db, deviceId, user.id);
    if (!own) throw missing();
    return own;
  }
  if (ownerId !== undefined) {
    const [named] = await findReceivers(db, deviceId, ownerId);
    if (!named) throw missing();
    return named;
  }
  const [own] = await findReceivers(db, deviceId, user.id);
  if (own) return own;
  const all = await findReceivers(db, deviceId, null);
  if (all.length === 0) throw missing();
  if (all.length > 1) throw conflict('ownerId: several owners have a receiver with this device id; name the owner with ?ownerId=');
  return all[0]!;
}
