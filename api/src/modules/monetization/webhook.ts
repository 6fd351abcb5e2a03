/**
 * POST /api/payments/webhooks/stripe: Stripe's events, verified against `Stripe-Signature` with the
 * endpoint's signing secret over the raw body, and applied once each (the event id is recorded in
 * the same transaction as its effect is checked). Answers 404 while STRIPE_WEBHOOK_SECRET is unset.
 * The raw-body parser is registered inside this plugin only; `config.webhook` tells the security
 * hooks that this route is server-to-server (no JSON-only or Origin rule).
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { badRequest, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bookRefund } from './ledger.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    webhook?: boolean;
  }
}

export const STRIPE_WEBHOOK_PATH = '/api/payments/webhooks/stripe';

/** What the event did: applied, a repeat of one already applied, or nothing OnAir acts on. */
type Outcome = 'applied' | 'duplicate' | 'ignored';

export default async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, { config: { webhook: true } }, async (request) => {
    const secret = app.config.stripeWebhookSecret;
    if (!secret) throw notFound('Stripe is not configured: set STRIPE_WEBHOOK_SECRET to receive its events');
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Stripe-Signature: a signed JSON body is required');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch {
      throw badRequest('Stripe-Signature: the signature does not match this endpoint’s secret');
    }
    return { received: true, outcome: await applyStripeEvent(app, event) };
  });
}

async function applyStripeEvent(app: FastifyInstance, event: Stripe.Event): Promise<Outcome> {
  const db = app.db.kysely;
  try {
    await db.insertInto('webhookEvents').values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: Date.now() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
  try {
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!intent || !charge.refunded) return 'ignored';
      const payment = await db.selectFrom('payments').select('id').where('provider', '=', 'stripe').where('providerRef', '=', intent).where('status', '=', 'succeeded').executeTakeFirst();
      if (!payment) return 'ignored';
      return (await bookRefund(db, payment.id, charge.id)) ? 'applied' : 'duplicate';
    }
    return 'ignored';
  } catch (error) {
    // Not applied: forget the id so Stripe's retry can apply it.
    await db.deleteFrom('webhookEvents').where('id', '=', event.id).execute();
    throw error;
  }
}
