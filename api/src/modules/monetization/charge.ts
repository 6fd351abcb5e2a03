/**
 * Charging a person through the provider, exactly once per idempotency key:
 *   1. a pending payment row claims the key (unique), so a concurrent retry cannot charge too;
 *   2. the provider charges (with the same key, so its side is idempotent as well);
 *   3. a refusal removes the claim and answers 402 with the provider's reason: nothing is written;
 *   4. success marks the payment succeeded and books the ledger and the caller's rows in one transaction.
 * A retry of a succeeded payment answers the first payment without calling the provider.
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { RevenueSource } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { PaymentMethodRow, PaymentRow } from '../../db/schema-monetization.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { bookPayment, DEFAULT_CURRENCY, findPaymentByKey } from './ledger.ts';

export interface ChargeInput {
  payerId: number;
  creatorId: number | null;
  source: RevenueSource;
  amountCents: number;
  /** Defaults to USD; church gifts may be in another currency. */
  currency?: string;
  method: PaymentMethodRow;
  idempotencyKey: string;
  description: string;
}

const stillRunning = () => conflict('idempotencyKey: a payment with this key is still being processed; try again in a moment');

export async function chargeOnce(
  app: FastifyInstance,
  input: ChargeInput,
  within: (trx: Transaction<Database>, payment: PaymentRow) => Promise<void>,
): Promise<{ payment: PaymentRow; replayed: boolean }> {
  const db = app.db.kysely;
  const existing = await findPaymentByKey(db, input.idempotencyKey);
  if (existing) {
    if (existing.status !== 'succeeded') throw stillRunning();
    return { payment: existing, replayed: true };
  }
  let claim: PaymentRow;
  try {
    claim = await db
      .insertInto('payments')
      .values({
        payerId: input.payerId,
        creatorId: input.creatorId,
        source: input.source,
        amountCents: input.amountCents,
        currency: input.currency ?? DEFAULT_CURRENCY,
        provider: input.method.provider,
        providerRef: null,
        paymentMethodId: input.method.id,
        idempotencyKey: input.idempotencyKey,
        status: 'pending',
        createdAt: Date.now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await findPaymentByKey(db, input.idempotencyKey);
    if (first?.status === 'succeeded') return { payment: first, replayed: true };
    throw stillRunning();
  }

  let result;
  try {
    result = await app.payments.charge({
      amountCents: input.amountCents,
      currency: input.currency ?? DEFAULT_CURRENCY,
      token: input.method.providerToken,
      idempotencyKey: input.idempotencyKey,
      description: input.description,
    });
  } catch (error) {
    await db.deleteFrom('payments').where('id', '=', claim.id).execute();
    throw error;
  }
  if (!result.ok) {
    await db.deleteFrom('payments').where('id', '=', claim.id).execute();
    throw new HttpError(402, result.reason);
  }

  const payment = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('payments')
      .set({ status: 'succeeded', providerRef: result.ref })
      .where('id', '=', claim.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await bookPayment(trx, row, app.config.platformFeePercent);
    await within(trx, row);
    return row;
  });
  return { payment, replayed: false };
}
