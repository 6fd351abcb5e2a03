/**
 * The default provider: no network, no real money, clearly labelled as test mode. It behaves like
 * Stripe's test mode: the documented test card numbers work, the documented decline numbers are
 * saved but refused at charge time with Stripe's wording, and any other number is refused because a
 * real card has no place in test mode. Mobile money and bank numbers ending in 0002 decline likewise.
 */
import { createHash, randomUUID } from 'node:crypto';
import { TEST_CARDS, TEST_DECLINE_SUFFIX } from '@onair/protocol';
import { badRequest, HttpError } from '../../../http/errors.ts';
import type { ChargeRequest, ChargeResult, PaymentMethodInput, PaymentProvider, TokenizedMethod } from './types.ts';

const DECLINED_PREFIX = 'tok_test_decline_';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A token that says nothing about the number: a hash salted with a random id. */
const opaque = (value: string) => createHash('sha256').update(`${randomUUID()}:${value}`).digest('hex').slice(0, 24);

export function createTestProvider(now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async tokenize(_userId: number, input: PaymentMethodInput): Promise<TokenizedMethod> {
      if (input.type === 'card') {
        if (input.token) throw badRequest('token: card tokens come from Stripe; in test mode send cardNumber');
        if (!input.cardNumber) throw badRequest('cardNumber is required');
        if (input.expMonth === undefined) throw badRequest('expMonth is required');
        if (input.expYear === undefined) throw badRequest('expYear is required');
        if (!input.cvc) throw badRequest('cvc is required');
        const today = now();
        if (input.expYear < today.getUTCFullYear() || (input.expYear === today.getUTCFullYear() && input.expMonth < today.getUTCMonth() + 1)) {
          throw badRequest('expYear: this card has expired');
        }
        if (!luhnValid(input.cardNumber)) throw badRequest('cardNumber: this card number is not valid');
        const number = input.cardNumber;
        const declines = (TEST_CARDS.decline as Record<string, string>)[number];
        const brand = (TEST_CARDS.succeed as Record<string, string>)[number] ?? (declines ? 'visa' : undefined);
        if (!brand) throw new HttpError(402, 'cardNumber: test mode accepts only test card numbers, such as 4242 4242 4242 4242');
        return {
          token: `${declines ? DECLINED_PREFIX + number.slice(-4) + '_' : 'tok_test_'}${opaque(number)}`,
          brand,
          last4: number.slice(-4),
          expMonth: input.expMonth,
          expYear: input.expYear,
        };
      }
      const number = input.type === 'mobile_money' ? input.phoneNumber : input.accountNumber;
      const brand = input.type === 'mobile_money' ? input.brand : input.bankName;
      const declines = number.endsWith(TEST_DECLINE_SUFFIX);
      return { token: `${declines ? DECLINED_PREFIX + number.slice(-4) + '_' : 'tok_test_'}${opaque(number)}`, brand, last4: number.slice(-4), expMonth: null, expYear: null };
    },
    async charge(request: ChargeRequest): Promise<ChargeResult> {
      if (request.token.startsWith(DECLINED_PREFIX)) {
        const last4 = request.token.slice(DECLINED_PREFIX.length, DECLINED_PREFIX.length + 4);
        const card = Object.entries(TEST_CARDS.decline).find(([n]) => n.endsWith(last4));
        return { ok: false, reason: card ? card[1] : 'The payment was declined by the mobile money or bank provider.' };
      }
      return { ok: true, ref: `test_pi_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}` };
    },
  };
}
