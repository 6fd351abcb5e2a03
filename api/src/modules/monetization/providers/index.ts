import type { AppConfig } from '../../../config.ts';
import { createStripeProvider } from './stripe-provider.ts';
import { createTestProvider } from './test-provider.ts';
import type { PaymentProvider } from './types.ts';

/** Stripe when configured, the labelled test provider otherwise. */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  return config.stripeSecretKey ? createStripeProvider(config.stripeSecretKey) : createTestProvider();
}

export type { PaymentProvider } from './types.ts';
