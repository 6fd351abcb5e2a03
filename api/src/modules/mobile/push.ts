/**
 * Sends Web Push messages (RFC 8030, encrypted per RFC 8291, VAPID per RFC 8292) through the
 * `web-push` package. A subscription the push service reports gone (404, 410) is deleted; other
 * failures are logged and never fail the action that caused the push.
 */
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import type { PushDeviceRow } from '../../db/schema-reach.ts';
import { pushTargets } from './repository.ts';
import { loadOrCreateVapidKeys, type VapidKeys } from './vapid.ts';

/** What the service worker shows: a title, a line of text, and where a tap goes. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export interface WebPush {
  publicKey(): string;
  /** Sends to every device of these users that has notifications on; answers how many accepted it. */
  notifyUsers(userIds: number[], message: PushMessage): Promise<number>;
  notifyDevice(device: PushDeviceRow, message: PushMessage): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webPush: WebPush;
  }
}

const TTL_SECONDS = 6 * 3600;

async function webPushPlugin(app: FastifyInstance, opts: { agent?: Agent }) {
  // Keys are read (or made) on first use, so servers that never push never write the file.
  let keys: VapidKeys | undefined;
  const vapid = () => (keys ??= loadOrCreateVapidKeys(app.config.dataDir));

  async function notifyDevice(device: PushDeviceRow, message: PushMessage): Promise<boolean> {
    const { publicKey, privateKey } = vapid();
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        { vapidDetails: { subject: app.config.vapidSubject, publicKey, privateKey }, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', timeout: 10_000, ...(opts.agent ? { agent: opts.agent } : {}) },
      );
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await app.db.kysely.deleteFrom('pushDevices').where('id', '=', device.id).execute();
      } else {
        app.log.warn({ err: error, deviceId: device.id }, 'push not delivered');
      }
      return false;
    }
  }

  app.decorate('webPush', {
    publicKey: () => vapid().publicKey,
    notifyDevice,
    async notifyUsers(userIds, message) {
      const devices = await pushTargets(app.db.kysely, userIds);
      const results = await Promise.all(devices.map((d) => notifyDevice(d, message)));
      return results.filter(Boolean).length;
    },
  } satisfies WebPush);
}

export default fp(webPushPlugin, { name: 'web-push', dependencies: ['context'] });
