/**
 * The SMS tab's REST calls: whether SMS and USSD are enabled (and, for admins, where to point the
 * providers), and linking the caller's phone with a confirmation code texted from it.
 */
import type { FastifyInstance } from 'fastify';
import type { SmsStatus } from '@onair/protocol';
import { findLinkForUser, isPendingPhone, startPhoneLink, unlinkPhone } from './phones.ts';
import smsWebhooks, { TWILIO_WEBHOOK_PATH, USSD_WEBHOOK_PATH, ussdCallbackToken } from './webhooks.ts';
import { signedInUser } from '../../http/signed-in.ts';

export default async function smsRoutes(app: FastifyInstance) {
  await app.register(smsWebhooks);
  const { config } = app;

  async function status(userId: number, isAdmin: boolean): Promise<SmsStatus> {
    const link = await findLinkForUser(app.db.kysely, userId);
    const now = Date.now();
    return {
      keyword: config.smsKeyword,
      twilio: Boolean(config.twilioAuthToken),
      ussd: Boolean(config.atUsername && config.atApiKey),
      twilioWebhookUrl: isAdmin && config.twilioAuthToken ? config.publicUrl + TWILIO_WEBHOOK_PATH : null,
      ussdCallbackUrl: isAdmin && config.atApiKey && config.atUsername ? `${config.publicUrl}${USSD_WEBHOOK_PATH}/${ussdCallbackToken(config.atApiKey)}` : null,
      phone: link
        ? {
            phone: isPendingPhone(link.phone) ? null : link.phone,
            confirmed: link.confirmedAt !== null,
            subscribed: link.subscribed === 1,
            code: null,
            codeExpiresAt: link.codeExpiresAt && link.codeExpiresAt > now ? new Date(link.codeExpiresAt).toISOString() : null,
          }
        : null,
    };
  }

  app.get('/api/sms/status', { onRequest: app.requireUser }, async (request) => status(signedInUser(request).id, signedInUser(request).role === 'admin'));

  /** A fresh code to text from the phone (`ONAIR LINK 123456`); shown once. */
  app.post('/api/sms/link', { onRequest: app.requireUser }, async (request) => {
    const { code, expiresAt } = await startPhoneLink(app.db.kysely, signedInUser(request).id);
    const current = await status(signedInUser(request).id, signedInUser(request).role === 'admin');
    return { ...current, phone: { ...current.phone!, code, codeExpiresAt: new Date(expiresAt).toISOString() } };
  });

  app.delete('/api/sms/link', { onRequest: app.requireUser }, async (request) => {
    await unlinkPhone(app.db.kysely, signedInUser(request).id);
    return status(signedInUser(request).id, signedInUser(request).role === 'admin');
  });
}
