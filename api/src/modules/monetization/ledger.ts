/**
 * The ledger: every money movement is an appended row; nothing here updates or deletes one. Balances
 * and revenue are sums over these rows (revenue.ts). The creator dashboard's `creator_earnings` is
 * written from here too, in the same transaction, with each payment's net share, so it always agrees.
 *
 * `recordPayment` is the entry point for money collected elsewhere (church giving, sponsorship
 * invoices, the demo seed): it books a succeeded payment to a creator or recipient with its source,
 * once per idempotency key.
 */
import type { Kysely, Transaction } from 'kysely';
import type { RevenueSource } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { PaymentRow } from '../../db/schema-monetization.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const DEFAULT_CURRENCY = 'USD';

/** The platform's fee on a payment to a creator, rounded to the cent (half up). Plans sold without a creator are all the platform's. */
export function platformFee(amountCents: number, feePercent: number, creatorId: number | null): number {
  if (creatorId === null) return 0;
  return Math.round((amountCents * feePercent) / 100);
}

type Executor = Kysely<Database> | Transaction<Database>;

/** Runs `fn` in the caller's transaction when there is one (the demo seed), otherwise in a new one. */
function inTransaction<T>(db: Executor, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/** Appends the charge and its fee for a succeeded payment, and the creator's net earnings row. */
export async function bookPayment(trx: Executor, payment: PaymentRow, feePercent: number, at = payment.createdAt): Promise<void> {
  const base = {
    paymentId: payment.id,
    source: payment.source,
    currency: payment.currency,
    payerId: payment.payerId,
    creatorId: payment.creatorId,
    provider: payment.provider,
    providerRef: payment.providerRef,
    createdAt: at,
  };
  const fee = platformFee(payment.amountCents, feePercent, payment.creatorId);
  await trx.insertInto('ledgerEntries').values({ ...base, kind: 'charge', amountCents: payment.amountCents }).execute();
  if (fee > 0) await trx.insertInto('ledgerEntries').values({ ...base, kind: 'platform_fee', amountCents: -fee }).execute();
  if (payment.creatorId !== null) {
    await trx
      .insertInto('creatorEarnings')
      .values({ creatorId: payment.creatorId, source: payment.source as never, amountCents: payment.amountCents - fee, currency: payment.currency, ref: `payment:${payment.id}`, createdAt: at })
      .execute();
  }
}

/**
 * Reverses a payment in full: −gross and +fee back, and the creator's earnings row reversed. Once per
 * payment (a unique index on payment and kind), so a redelivered refund event books nothing more.
 * Answers false when the refund was already booked.
 */
export async function bookRefund(db: Kysely<Database>, paymentId: number, providerRef: string | null, at = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const entries = await trx.selectFrom('ledgerEntries').selectAll().where('paymentId', '=', paymentId).execute();
    if (entries.some((e) => e.kind === 'refund')) return false;
    const charge = entries.find((e) => e.kind === 'charge');
    if (!charge) return false;
    const fee = entries.find((e) => e.kind === 'platform_fee');
    const base = { paymentId, source: charge.source, currency: charge.currency, payerId: charge.payerId, creatorId: charge.creatorId, provider: charge.provider, providerRef: providerRef ?? charge.providerRef, createdAt: at };
    try {
      await trx.insertInto('ledgerEntries').values({ ...base, kind: 'refund', amountCents: -charge.amountCents }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    if (fee) await trx.insertInto('ledgerEntries').values({ ...base, kind: 'fee_refund', amountCents: -fee.amountCents }).execute();
    if (charge.creatorId !== null) {
      const net = charge.amountCents + (fee?.amountCents ?? 0);
      await trx.insertInto('creatorEarnings').values({ creatorId: charge.creatorId, source: charge.source as never, amountCents: -net, currency: charge.currency, ref: `refund:${paymentId}`, createdAt: at }).execute();
    }
    return true;
  });
}

export interface RecordPaymentInput {
  payerId: number | null;
  /** Who the money belongs to; null for the platform's own sales. */
  creatorId: number | null;
  source: RevenueSource;
  amountCents: number;
  currency?: string;
  provider: string;
  providerRef: string | null;
  paymentMethodId?: number | null;
  /** Unique across all payments; a second call with the same key books nothing and answers the first. */
  idempotencyKey: string;
  createdAt?: number;
  feePercent: number;
}

/**
 * Books money already collected (by a provider, an invoice or another area) as a succeeded payment
 * with its ledger rows, in one transaction. `within` runs in that transaction, for the caller's own
 * rows (a donation, a membership period). Idempotent on the key.
 */
export async function recordPayment(
  db: Executor,
  input: RecordPaymentInput,
  within?: (trx: Transaction<Database>, payment: PaymentRow) => Promise<void>,
): Promise<{ payment: PaymentRow; replayed: boolean }> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new Error('recordPayment: amountCents must be a positive whole number of cents');
  const existing = await findPaymentByKey(db, input.idempotencyKey);
  if (existing) return { payment: existing, replayed: true };
  try {
    const payment = await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('payments')
        .values({
          payerId: input.payerId,
          creatorId: input.creatorId,
          source: input.source,
          amountCents: input.amountCents,
          currency: input.currency ?? DEFAULT_CURRENCY,
          provider: input.provider,
          providerRef: input.providerRef,
          paymentMethodId: input.paymentMethodId ?? null,
          idempotencyKey: input.idempotencyKey,
          status: 'succeeded',
          createdAt: input.createdAt ?? Date.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await bookPayment(trx, row, input.feePercent);
      if (within) await within(trx, row);
      return row;
    });
    return { payment, replayed: false };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const first = await findPaymentByKey(db, input.idempotencyKey);
      if (first) return { payment: first, replayed: true };
    }
    throw error;
  }
}

export function findPaymentByKey(db: Executor, idempotencyKey: string) {
  return db.selectFrom('payments').selectAll().where('idempotencyKey', '=', idempotencyKey).executeTakeFirst();
}
