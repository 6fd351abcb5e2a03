/**
 * Web Push end to end: a local HTTPS push endpoint stands in for a browser vendor's push service. It
 * checks the VAPID JWT against the server's public key and decrypts the payload with the keys a
 * browser would hold for its subscription, as the real service and browser do.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, MobileDeviceSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import type { SmsSender } from '../sms/sender.ts';

interface Delivery {
  path: string;
  status: number;
  jwtClaims: Record<string, unknown>;
  k: string;
  plaintext: Record<string, unknown> | null;
  error?: string;
}

/** A push service: verifies VAPID (RFC 8292) and decrypts (RFC 8291) for the subscriptions it knows. */
async function startPushService() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const deliveries: Delivery[] = [];
  const waiters: ((d: Delivery) => void)[] = [];
  let answer = 201;
  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery: Delivery = { path: req.url ?? '', status: answer, jwtClaims: {}, k: '', plaintext: null };
      try {
        const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(String(req.headers.authorization));
        if (!match) throw new Error(`no VAPID authorization: ${req.headers.authorization}`);
        const [, jwt, k] = match as unknown as [string, string, string];
        const [header, claims, signature] = jwt.split('.') as [string, string, string];
        expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ typ: 'JWT', alg: 'ES256' });
        const raw = Buffer.from(k, 'base64url');
        const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') }, format: 'jwk' });
        if (!verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
          throw new Error('VAPID signature does not verify');
        }
        delivery.jwtClaims = JSON.parse(Buffer.from(claims, 'base64url').toString());
        delivery.k = k;
        expect(req.headers['content-encoding']).toBe('aes128gcm');
        const browser = browsers.get(req.url ?? '');
        if (!browser) throw new Error(`unknown subscription ${req.url}`);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth });
        delivery.plaintext = JSON.parse(plain.toString('utf8'));
      } catch (error) {
        delivery.error = String(error);
        delivery.status = 400;
      }
      deliveries.push(delivery);
      waiters.splice(0).forEach((w) => w(delivery));
      res.writeHead(delivery.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    deliveries,
    agent: new https.Agent({ ca: pems.cert }),
    setAnswer: (status: number) => (answer = status),
    /** A browser's subscription: its own P-256 key pair and auth secret. */
    subscribe(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(`/push/${name}`, { ecdh, auth });
      return { endpoint: `${origin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
    },
    next: (timeoutMs = 5000) =>
      new Promise<Delivery>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no push arrived')), timeoutMs);
        waiters.push((d) => {
          clearTimeout(timer);
          resolve(d);
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(await testDialects())('Web Push and devices on %s', (dialect) => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let viewer: string;
  let creator: string;
  let admin: string;
  let creatorId: number;
  let viewerId: number;
  const texts: { to: string; body: string }[] = [];
  const sender: SmsSender = { delivers: true, send: async (to, body) => void texts.push({ to, body }) };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'onair-data-'));

  beforeAll(async () => {
    push = await startPushService();
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { DATA_DIR: dataDir, VAPID_SUBJECT: 'mailto:ops@onair.example', PUBLIC_URL: 'https://onair.example' }, deps: { reach: { pushAgent: push.agent, smsSender: sender } } });
    [viewer, creator, admin] = await Promise.all([signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'admin', 'admin123')]);
    const db = t.database.db.kysely;
    creatorId = (await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    viewerId = (await db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
    await db.deleteFrom('creatorSubscribers').where('creatorId', '=', creatorId).execute();
    await db.insertInto('creatorSubscribers').values({ creatorId, userId: viewerId, createdAt: Date.now() }).execute();
  });
  afterAll(async () => {
    await t.close();
    await push.close();
  });

  const register = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/user/register-device', headers: { cookie }, payload });
  const goLive = async (title: string) => {
    const saved = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/config', headers: { cookie: creator }, payload: { title, description: '', destinations: [{ platform: 'onair', enabled: true }], bitrate: 2500, resolution: '1280x720', saveRecording: false, generatePodcast: false } });
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const started = await t.app.inject({ method: 'POST', url: '/api/creator/streaming/start', headers: { cookie: creator }, payload: { configId: saved.json().configId } });
    expect(started.statusCode, started.body).toBe(201);
    return started.json() as { streamId: number; contentId: number };
  };
  const stop = (streamId: number) => t.app.inject({ method: 'POST', url: `/api/creator/streaming/stop/${streamId}`, headers: { cookie: creator } });

  it('keeps one VAPID key pair in DATA_DIR', async () => {
    const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const { readFileSync } = await import('node:fs');
    expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')).publicKey).toBe(publicKey);
  }, 120_000);

  it('registers a device and sends a go-live push the endpoint can verify and decrypt', async () => {
    const subscription = push.subscribe('viewer-laptop');
    const response = await register(viewer, { deviceType: 'web', deviceName: 'Chromium on Linux', appVersion: '0.1.0', subscription });
    expect(response.statusCode, response.body).toBe(201);
    expect(MobileDeviceSchema.parse(response.json())).toMatchObject({ deviceType: 'web', deviceName: 'Chromium on Linux', notifications: true });
    // The same browser registering again is the same device.
    expect((await register(viewer, { deviceName: 'Chromium on Linux', subscription })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mobile-devices', headers: { cookie: viewer } })).json()).toHaveLength(1);

    const arrived = push.next();
    const { streamId, contentId } = await goLive('Late show');
    const delivery = await arrived;
    expect(delivery.error).toBeUndefined();
    expect(delivery.path).toBe('/push/viewer-laptop');
    expect(delivery.k).toBe((await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json().publicKey);
    expect(delivery.jwtClaims).toMatchObject({ aud: push.origin, sub: 'mailto:ops@onair.example' });
    const exp = Number(delivery.jwtClaims.exp) * 1000;
    expect(exp).toBeGreaterThan(Date.now());
    expect(exp).toBeLessThanOrEqual(Date.now() + DAY_MS);
    expect(delivery.plaintext).toMatchObject({ body: 'Late show', url: `/watch/${contentId}`, tag: `live-${contentId}` });
    expect(String(delivery.plaintext!.title)).toMatch(/ is live$/);
    await stop(streamId);
  }, 120_000);

  it('honours the per-device switch, and forgets subscriptions the push service says are gone', async () => {
    const [device] = (await t.app.inject({ method: 'GET', url: '/api/user/mobile-devices', headers: { cookie: viewer } })).json() as { id: number }[];
    expect((await t.app.inject({ method: 'PATCH', url: `/api/user/mobile-devices/${device!.id}`, headers: { cookie: creator }, payload: { notifications: false } })).statusCode).toBe(404);
    const off = await t.app.inject({ method: 'PATCH', url: `/api/user/mobile-devices/${device!.id}`, headers: { cookie: viewer }, payload: { notifications: false } });
    expect(off.json()).toMatchObject({ notifications: false });
    const before = push.deliveries.length;
    const quiet = await goLive('Quiet show');
    await new Promise((r) => setTimeout(r, 500));
    expect(push.deliveries.length).toBe(before);
    await stop(quiet.streamId);

    await t.app.inject({ method: 'PATCH', url: `/api/user/mobile-devices/${device!.id}`, headers: { cookie: viewer }, payload: { notifications: true } });
    push.setAnswer(410);
    const test = await t.app.inject({ method: 'POST', url: `/api/user/mobile-devices/${device!.id}/test`, headers: { cookie: viewer } });
    expect(test.json()).toEqual({ delivered: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/mobile-devices', headers: { cookie: viewer } })).json()).toEqual([]);
    push.setAnswer(201);
  }, 120_000);

  it("pushes an admin's message, and texts subscribed phones when a followed creator goes live", async () => {
    await register(viewer, { deviceName: 'Phone', deviceType: 'android', subscription: push.subscribe('viewer-phone') });
    const arrived = push.next();
    const sent = await t.app.inject({ method: 'POST', url: `/api/admin/users/${viewerId}/message`, headers: { cookie: admin }, payload: { text: 'Maintenance at noon' } });
    expect(sent.statusCode).toBe(201);
    expect((await arrived).plaintext).toMatchObject({ title: 'Message from admin', body: 'Maintenance at noon' });

    await t.database.db.kysely.insertInto('phoneLinks').values({ userId: viewerId, phone: '+15550009999', codeHash: null, codeExpiresAt: null, confirmedAt: Date.now(), subscribed: 1, createdAt: Date.now() }).execute();
    const { streamId, contentId } = await goLive('Texted show');
    await expect.poll(() => texts.length).toBe(1);
    expect(texts[0]).toEqual({ to: '+15550009999', body: expect.stringMatching(new RegExp(`is live on OnAir: Texted show https://onair.example/watch/${contentId}$`)) });
    await stop(streamId);
  }, 120_000);

  it('validates registrations with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ deviceName: 'x' }, /^subscription/],
      [{ deviceName: 'x', subscription: { endpoint: 'ftp://x', keys: { p256dh: 'a', auth: 'b' } } }, /^subscription\.endpoint/],
      [{ deviceName: 'x', subscription: { endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } } }, /^subscription\.keys\.p256dh/],
      [{ subscription: push.subscribe('x') }, /^deviceName is required/],
      [{ deviceName: 'x', deviceType: 'toaster', subscription: push.subscribe('y') }, /^deviceType/],
    ];
    for (const [payload, message] of cases) {
      const response = await register(viewer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect((await register('', { deviceName: 'x', subscription: push.subscribe('z') })).statusCode).toBe(401);
  }, 120_000);
});
