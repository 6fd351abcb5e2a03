/**
 * One interface for every way money is collected. OnAir keeps only what `tokenize` answers (a token,
 * brand, last four and expiry) and asks the provider to charge that token; a refusal carries the
 * provider's own reason so the person sees why.
 */
import type { PaymentMethodAddRequestSchema } from '@onair/protocol';
import type { z } from 'zod';

export type PaymentMethodInput = z.output<typeof PaymentMethodAddRequestSchema>;

export interface TokenizedMethod {
  token: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  token: string;
  /** Passed to the provider too, so a retry after a lost answer is not charged twice there either. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult = { ok: true; ref: string } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Moves no real money: the UI says so. */
  readonly testMode: boolean;
  /** Registers a card, wallet or account with the provider. Throws an HttpError(400/402) naming the field when refused. */
  tokenize(userId: number, input: PaymentMethodInput): Promise<TokenizedMethod>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
