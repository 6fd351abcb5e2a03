/**
 * Smart TVs running the 10-foot interface at /tv. A TV registers itself (no account on the TV: typing a
 * password with a remote is miserable) and shows a short code; a signed-in person enters the code on
 * their phone or desktop, which pairs the TV to their account. The TV proves itself with the token it
 * got at registration (`x-tv-token`) and checks in while open, which is what "connected" means.
 * Spec §7: GET /api/user/smart-tv-devices.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  DeviceIdParamsSchema,
  TV_CONNECTED_WINDOW_MS,
  TV_PAIRING_CODE_TTL_MS,
  TvPairRequestSchema,
  TvRegisterRequestSchema,
  type SmartTvDevice,
} from '@onair/protocol';
import type { TvDeviceRow } from '../../db/schema-reach.ts';
import { notFound, unauthorized } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

// No 0/O or 1/I: the code is read off a TV across a room.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function presentTv(row: TvDeviceRow, now = Date.now()): SmartTvDevice {
  return {
    id: row.id,
    deviceName: row.deviceName,
    platform: row.platform,
    lastUsed: new Date(Number(row.lastUsed)).toISOString(),
    isConnected: now - Number(row.lastUsed) <= TV_CONNECTED_WINDOW_MS,
  };
}

export default async function tvRoutes(app: ZodApp) {
  const db = app.db.kysely;

  async function callingTv(request: FastifyRequest) {
    const token = request.headers['x-tv-token'];
    if (typeof token !== 'string' || token.length < 20) throw unauthorized('x-tv-token: this TV is not registered');
    const tv = await db.selectFrom('tvDevices').selectAll().where('tokenHash', '=', hashToken(token)).executeTakeFirst();
    if (!tv) throw unauthorized('x-tv-token: this TV is not registered (it may have been removed)');
    return tv;
  }

  app.post('/api/tv/register', { schema: { body: TvRegisterRequestSchema } }, async (request, reply) => {
    const input = request.body;
    await enforceRateLimit(app.rateLimiter, `tv-register:${request.ip}`, { limit: 20, windowMs: 60_000 }, 'Too many TVs registered from here');
    const token = randomBytes(24).toString('base64url');
    const now = Date.now();
    const code = newCode();
    await db
      .insertInto('tvDevices')
      .values({ userId: null, deviceName: input.deviceName, platform: input.platform, tokenHash: hashToken(token), pairingCode: code, pairingExpiresAt: now + TV_PAIRING_CODE_TTL_MS, lastUsed: now, createdAt: now })
      .execute();
    return reply.code(201).send({ token, code, expiresAt: new Date(now + TV_PAIRING_CODE_TTL_MS).toISOString() });
  });

  /** The TV checks in: paired yet, and to whom? An expired code is replaced so the screen stays usable. */
  app.get('/api/tv/status', async (request) => {
    const tv = await callingTv(request);
    const now = Date.now();
    let { pairingCode, pairingExpiresAt } = tv;
    if (tv.userId === null && (!pairingExpiresAt || pairingExpiresAt <= now)) {
      pairingCode = newCode();
      pairingExpiresAt = now + TV_PAIRING_CODE_TTL_MS;
    }
    await db.updateTable('tvDevices').set({ lastUsed: now, pairingCode, pairingExpiresAt }).where('id', '=', tv.id).execute();
    const owner = tv.userId === null ? undefined : await db.selectFrom('users').select('username').where('id', '=', tv.userId).executeTakeFirst();
    return {
      paired: tv.userId !== null,
      username: owner?.username ?? null,
      code: tv.userId === null ? pairingCode : null,
      expiresAt: tv.userId === null && pairingExpiresAt ? new Date(Number(pairingExpiresAt)).toISOString() : null,
    };
  });

  app.get('/api/user/smart-tv-devices', { onRequest: app.requireUser }, async (request) => {
    const rows = await db.selectFrom('tvDevices').selectAll().where('userId', '=', signedInUser(request).id).orderBy('lastUsed', 'desc').orderBy('id').execute();
    const now = Date.now();
    return rows.map((r) => presentTv(r, now));
  });

  app.post('/api/user/smart-tv-devices/pair', { onRequest: app.requireUser, schema: { body: TvPairRequestSchema } }, async (request) => {
    const { code } = request.body;
    await enforceRateLimit(app.rateLimiter, `tv-pair:${signedInUser(request).id}`, { limit: 10, windowMs: 60_000 }, 'Too many pairing attempts');
    const now = Date.now();
    const tv = await db.selectFrom('tvDevices').selectAll().where('pairingCode', '=', code).where('userId', 'is', null).where('pairingExpiresAt', '>', now).executeTakeFirst();
    if (!tv) throw notFound('code: no TV is showing that code (it may have expired; the TV shows a new one)');
    await db.updateTable('tvDevices').set({ userId: signedInUser(request).id, pairingCode: null, pairingExpiresAt: null }).where('id', '=', tv.id).where('userId', 'is', null).execute();
    return presentTv({ ...tv, userId: signedInUser(request).id }, now);
  });

  app.delete('/api/user/smart-tv-devices/:id', { onRequest: app.requireUser, schema: { params: DeviceIdParamsSchema } }, async (request) => {
    const { id } = request.params;
    const removed = await db.deleteFrom('tvDevices').where('id', '=', id).where('userId', '=', signedInUser(request).id).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw notFound('No TV with that id');
    return { id };
  });
}
