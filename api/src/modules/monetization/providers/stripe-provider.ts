/**
 * Stripe, when STRIPE_SECRET_KEY is set. Card details never reach OnAir: the browser creates a
 * PaymentMethod with Stripe's own form and sends its id as `token`; OnAir attaches it to a Stripe
 * customer and keeps the customer and method ids with the brand, last four and expiry Stripe reports.
 * Charges are confirmed PaymentIntents carrying OnAir's idempotency key.
 */
import Stripe from 'stripe';
import { badRequest, HttpError } from '../../../http/errors.ts';
import type { ChargeRequest, ChargeResult, PaymentMethodInput, PaymentProvider, TokenizedMethod } from './types.ts';

export function createStripeProvider(secretKey: string): PaymentProvider {
  const stripe = new Stripe(secretKey);
  return {
    name: 'stripe',
    testMode: secretKey.startsWith('sk_test_'),
    async tokenize(userId: number, input: PaymentMethodInput): Promise<TokenizedMethod> {
      if (input.type !== 'card') throw badRequest('type: with Stripe, add a card (mobile money and bank go through the test provider)');
      if (!input.token) throw badRequest('token is required: create the card with Stripe’s form, OnAir never takes card numbers');
      try {
        const customer = await stripe.customers.create({ metadata: { onairUserId: String(userId) } });
        const method = await stripe.paymentMethods.attach(input.token, { customer: customer.id });
        const card = method.card;
        if (!card) throw badRequest('token: this payment method is not a card');
        return { token: `${customer.id}/${method.id}`, brand: card.brand, last4: card.last4, expMonth: card.exp_month, expYear: card.exp_year };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof Stripe.errors.StripeCardError || error instanceof Stripe.errors.StripeInvalidRequestError) throw new HttpError(402, error.message);
        throw error;
      }
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const [customer, method] = request.token.split('/');
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency.toLowerCase(),
            customer,
            payment_method: method,
            confirm: true,
            off_session: true,
            description: request.description,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') return { ok: true, ref: intent.id };
        return { ok: false, reason: `The payment needs further action (${intent.status}).` };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) return { ok: false, reason: error.message };
        throw error;
      }
    },
  };
}
