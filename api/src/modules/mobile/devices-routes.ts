/**
 * Phones and browsers (spec §7: POST /api/user/register-device, GET /api/user/mobile-devices): each
 * registers a Web Push subscription; the per-device notifications switch decides whether it is used.
 */
import { DeviceIdParamsSchema, DeviceNotificationsRequestSchema, RegisterDeviceRequestSchema } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { findOwnDevice, listDevices, presentDevice, upsertDevice } from './repository.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

export default async function deviceRoutes(app: ZodApp) {
  const db = app.db.kysely;

  /** The key browsers need to subscribe (`applicationServerKey`). */
  app.get('/api/push/vapid-public-key', async () => ({ publicKey: app.webPush.publicKey() }));

  app.post('/api/user/register-device', { onRequest: app.requireUser, schema: { body: RegisterDeviceRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const { row, created } = await upsertDevice(db, signedInUser(request).id, input);
    return reply.code(created ? 201 : 200).send(presentDevice(row));
  });

  app.get('/api/user/mobile-devices', { onRequest: app.requireUser }, async (request) => listDevices(db, signedInUser(request).id));

  app.patch('/api/user/mobile-devices/:id', { onRequest: app.requireUser, schema: { params: DeviceIdParamsSchema, body: DeviceNotificationsRequestSchema } }, async (request) => {
    const { id } = request.params;
    const { notifications } = request.body;
    const device = await findOwnDevice(db, signedInUser(request).id, id);
    if (!device) throw notFound('No device with that id');
    await db.updateTable('pushDevices').set({ notifications: notifications ? 1 : 0 }).where('id', '=', id).execute();
    return presentDevice({ ...device, notifications: notifications ? 1 : 0 });
  });

  app.delete('/api/user/mobile-devices/:id', { onRequest: app.requireUser, schema: { params: DeviceIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const device = await findOwnDevice(db, signedInUser(request).id, id);
    if (!device) throw notFound('No device with that id');
    await db.deleteFrom('pushDevices').where('id', '=', id).execute();
    return { id };
  });

  /** Sends a test notification to one of the caller's devices. */
  app.post('/api/user/mobile-devices/:id/test', { onRequest: app.requireUser, schema: { params: DeviceIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const device = await findOwnDevice(db, signedInUser(request).id, id);
    if (!device) throw notFound('No device with that id');
    const delivered = await app.webPush.notifyDevice(device, { title: 'OnAir', body: 'Notifications work on this device.', url: '/mobile', tag: 'test' });
    return { delivered };
  });
}
