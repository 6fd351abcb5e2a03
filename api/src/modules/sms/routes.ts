/**
 * The SMS tab's REST calls: whether SMS and USSD are enabled (and, for admins, where to point the
 * providers), and linking the caller's phone with a confirmation code texted from it.
 */
import type { FastifyInstance } from 'fastify';
import type { SmsStatus } from '@onair/protocol';
import { findLinkForUser, isPendingPhone, startPhoneLink, unlinkPhone } from './phones.ts';
import smsWebhooks, { TWILIO_WEBHOOK_PATH, USSD_WEBHOOK_PATH, ussdCallbackToken } from './webhooks.ts';

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

  app.get('/api/sms/status', { preHandler: app.requireUser }, async (request) => status(request.user!.id, request.user!.role === 'admin'));

  /** A fresh code to text from the phone (`ONAIR LINK 123456`); shown once. */
  app.post('/api/sms/link', { preHandler: app.requireUser }, async (request) => {
    const { code, expiresAt } = await startPhoneLink(app.db.kysely, request.user!.id);
    const current = await status(request.user!.id, request.user!.role === 'admin');
    return { ...current, phone: { ...current.phone!, code, codeExpiresAt: new Date(expiresAt).toISOString() } };
  });

  app.delete('/api/sms/link', { preHandler: app.requireUser }, async (request) => {
    await unlinkPhone(app.db.kysely, request.user!.id);
    return status(request.user!.id, request.user!.role === 'admin');
  });
}
