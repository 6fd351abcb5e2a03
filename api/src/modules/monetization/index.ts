/**
 * The monetization area: the payment provider (decorated as `app.payments`), its routes, the Stripe
 * webhook in its own encapsulated plugin (raw body), and the monthly renewal sweep.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentProviderFor, type PaymentProvider } from './providers/index.ts';
import { startRenewalSweep } from './renewals.ts';
import monetizationRoutes from './routes.ts';
import sponsorshipRoutes from './sponsorship-routes.ts';
import stripeWebhookRoutes from './webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
  }
}

export interface MonetizationOptions {
  /** Tests may hand in a provider; by default it follows STRIPE_SECRET_KEY. */
  provider?: PaymentProvider;
}

async function monetization(app: FastifyInstance, options: MonetizationOptions) {
  app.decorate('payments', options.provider ?? paymentProviderFor(app.config));
  await app.register(monetizationRoutes);
  await app.register(sponsorshipRoutes);
  await app.register(stripeWebhookRoutes);
  startRenewalSweep(app);
}

export default fp(monetization, { name: 'monetization' });
