/**
 * Inbound SMS (Twilio) and USSD (Africa's Talking). Providers post form-urlencoded bodies from their
 * servers, so these routes opt out of the JSON-only and Origin checks (`config.webhook`) and parse
 * forms here only, keeping the raw body. Unconfigured providers answer 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, unauthorized, badRequest } from '../../http/errors.ts';
import { runSmsCommand } from './commands.ts';
import { isValidTwilioSignature } from './twilio-signature.ts';
import { ussdReply } from './ussd.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Server-to-server webhook: no browser Origin, not JSON. */
    webhook?: boolean;
  }
}

export const TWILIO_WEBHOOK_PATH = '/api/sms/twilio';
export const USSD_WEBHOOK_PATH = '/api/ussd/africastalking';

/**
 * Africa's Talking does not sign callbacks, so the callback URL carries a secret derived from the API
 * key: only someone who holds the key (or was given the URL) can post sessions.
 */
export function ussdCallbackToken(apiKey: string): string {
  return createHmac('sha256', apiKey).update('onair-ussd-callback').digest('base64url').slice(0, 32);
}

function formParams(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (!body || typeof body !== 'object') return {};
  return body as Record<string, string>;
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
export const twiml = (message: string) => `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(message)}</Message></Response>`;

export default async function smsWebhooks(app: FastifyInstance) {
  // Scoped to this plugin: the rest of the API still accepts JSON only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(body as string)) params[key] = value;
    done(null, params);
  });

  app.post(TWILIO_WEBHOOK_PATH, { config: { webhook: true } }, async (request, reply) => {
    const token = app.config.twilioAuthToken;
    if (!token) throw notFound('SMS is not enabled on this server (set TWILIO_AUTH_TOKEN)');
    const params = formParams(request);
    // Twilio signs the URL it was given: the public address plus the path and query it called.
    const url = app.config.publicUrl + request.url;
    const signature = request.headers['x-twilio-signature'];
    if (!isValidTwilioSignature(token, typeof signature === 'string' ? signature : undefined, url, params)) {
      throw unauthorized('X-Twilio-Signature does not match this request');
    }
    const from = params.From;
    if (!from) throw badRequest('From: the sender number is required');
    const message = await runSmsCommand(app, from, params.Body ?? '');
    return reply.type('text/xml; charset=utf-8').send(twiml(message));
  });

  app.post(`${USSD_WEBHOOK_PATH}/:token`, { config: { webhook: true } }, async (request, reply) => {
    const { atUsername, atApiKey } = app.config;
    if (!atUsername || !atApiKey) throw notFound("USSD is not enabled on this server (set AT_USERNAME and AT_API_KEY)");
    const given = Buffer.from(String((request.params as { token?: string }).token ?? ''));
    const expected = Buffer.from(ussdCallbackToken(atApiKey));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound('Unknown USSD callback');
    const params = formParams(request);
    if (!params.phoneNumber) throw badRequest('phoneNumber is required');
    if (!params.sessionId) throw badRequest('sessionId is required');
    return reply.type('text/plain; charset=utf-8').send(await ussdReply(app, params.phoneNumber, params.text ?? ''));
  });
}
