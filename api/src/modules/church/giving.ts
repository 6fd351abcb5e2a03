/**
 * Tithes and offerings. Each gift is charged through the monetization provider (`chargeOnce`) with the
 * giver's payment method and booked on the ledger as a `tithe` to the church's owner; the gift row is
 * written in the same transaction, so a refused charge books nothing. A monthly gift is a plan that
 * keeps its payment method and is charged again each month by the sweep.
 * A member's year-end giving statement is a CSV or PDF of their gifts to that church in that year.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Gift, GivingSummary } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import type { PaymentMethodRow } from '../../db/schema-monetization.ts';
import { HttpError } from '../../http/errors.ts';
import { toCsv } from '../education/csv-out.ts';
import { chargeOnce } from '../monetization/charge.ts';
import { notify } from '../notifications/service.ts';

/** The same day next month (clamped to the month's end), at the same time of day, in UTC. */
export function addMonth(at: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

export const yearRange = (year: number) => [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)] as const;

type GiftRow = Awaited<ReturnType<ReturnType<typeof selectGifts>['executeTakeFirstOrThrow']>>;
function selectGifts(db: Kysely<Database>) {
  return db.selectFrom('churchGifts').selectAll();
}

export const presentGift = (r: GiftRow): Gift => ({
  id: r.id,
  churchId: r.institutionId,
  amountCents: r.amountCents,
  currency: r.currency,
  fund: r.fund,
  recurring: r.recurringId !== null,
  paymentReference: r.paymentReference,
  testMode: r.testMode === 1,
  createdAt: new Date(r.createdAt).toISOString(),
});

export interface GiftInput {
  church: InstitutionRow;
  donorId: number;
  amountCents: number;
  currency: string;
  fund: 'tithe' | 'offering';
  recurringId: number | null;
  method: PaymentMethodRow;
  /** Once per key, at OnAir and at the provider: a retried request or a second sweep charges nothing more. */
  idempotencyKey: string;
}

/** The gift booked under a payment (after a replayed request, the first one's gift). */
export async function giftOfPayment(db: Kysely<Database>, paymentId: number): Promise<Gift | null> {
  const payment = await db.selectFrom('payments').select(['providerRef', 'payerId']).where('id', '=', paymentId).executeTakeFirst();
  if (!payment?.providerRef) return null;
  const row = await selectGifts(db).where('paymentReference', '=', payment.providerRef).where('donorId', '=', payment.payerId).executeTakeFirst();
  return row ? presentGift(row) : null;
}

/** Charges the giver's method, then books the payment, the ledger and the gift in one transaction. */
export async function chargeGift(app: FastifyInstance, input: GiftInput): Promise<Gift> {
  const { payment } = await chargeOnce(
    app,
    {
      payerId: input.donorId,
      creatorId: input.church.ownerId,
      source: 'tithe',
      amountCents: input.amountCents,
      currency: input.currency,
      method: input.method,
      idempotencyKey: input.idempotencyKey,
      description: `${input.fund === 'tithe' ? 'Tithe' : 'Offering'} to ${input.church.name}`,
    },
    async (trx, row) => {
      await trx
        .insertInto('churchGifts')
        .values({
          institutionId: input.church.id,
          donorId: input.donorId,
          amountCents: input.amountCents,
          currency: input.currency,
          fund: input.fund,
          recurringId: input.recurringId,
          paymentReference: row.providerRef ?? `payment:${row.id}`,
          testMode: app.payments.testMode ? 1 : 0,
          createdAt: row.createdAt,
        })
        .execute();
    },
  );
  const gift = await giftOfPayment(app.db.kysely, payment.id);
  if (!gift) throw new Error(`payment ${payment.id} has no gift`);
  return gift;
}

export async function givingSummary(db: Kysely<Database>, churchId: number, donorId: number, year: number): Promise<GivingSummary> {
  const [from, to] = yearRange(year);
  const [gifts, plans] = await Promise.all([
    selectGifts(db).where('institutionId', '=', churchId).where('donorId', '=', donorId).where('createdAt', '>=', from).where('createdAt', '<', to).orderBy('createdAt').orderBy('id').execute(),
    db.selectFrom('churchRecurringGifts').selectAll().where('institutionId', '=', churchId).where('donorId', '=', donorId).where('cancelledAt', 'is', null).orderBy('id').execute(),
  ]);
  const totals = new Map<string, number>();
  for (const g of gifts) totals.set(g.currency, (totals.get(g.currency) ?? 0) + g.amountCents);
  return {
    year,
    gifts: gifts.map(presentGift),
    totals: [...totals.entries()].map(([currency, amountCents]) => ({ currency, amountCents })),
    recurring: plans.map((p) => ({ id: p.id, amountCents: p.amountCents, currency: p.currency, fund: p.fund, nextChargeAt: new Date(p.nextChargeAt).toISOString() })),
  };
}

export const money = (cents: number) => (cents / 100).toFixed(2);

export function statementCsv(churchName: string, member: { username: string; name: string | null }, summary: GivingSummary): string {
  return toCsv([
    ['Giving statement', churchName],
    ['Member', member.name ? `${member.name} (${member.username})` : member.username],
    ['Year', summary.year],
    [],
    ['date (UTC)', 'fund', 'amount', 'currency', 'recurring', 'payment reference', 'mode'],
    ...summary.gifts.map((g) => [g.createdAt.slice(0, 10), g.fund, money(g.amountCents), g.currency, g.recurring ? 'monthly' : 'one-off', g.paymentReference, g.testMode ? 'test mode' : 'live']),
    [],
    ...summary.totals.map((t) => ['Total', '', money(t.amountCents), t.currency, '', '', '']),
  ]);
}

/**
 * Charges every monthly plan that is due, to the plan's payment method (else the giver's default).
 * Claiming a plan moves its next date forward in the same statement that checks it, and the charge is
 * keyed by plan and due date, so two API nodes sweeping at once charge it once. A refused charge stops
 * the plan and tells the giver why.
 */
export async function chargeDueRecurringGifts(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.db.kysely;
  const due = await db.selectFrom('churchRecurringGifts').selectAll().where('cancelledAt', 'is', null).where('nextChargeAt', '<=', now).limit(100).execute();
  let charged = 0;
  for (const plan of due) {
    const claimed = await db
      .updateTable('churchRecurringGifts')
      .set({ nextChargeAt: addMonth(plan.nextChargeAt) })
      .where('id', '=', plan.id)
      .where('nextChargeAt', '=', plan.nextChargeAt)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const church = await db.selectFrom('institutions').selectAll().where('id', '=', plan.institutionId).executeTakeFirst();
    if (!church) continue;
    let method = plan.paymentMethodId ? await db.selectFrom('paymentMethods').selectAll().where('id', '=', plan.paymentMethodId).executeTakeFirst() : undefined;
    method ??= await db.selectFrom('paymentMethods').selectAll().where('userId', '=', plan.donorId).where('isDefault', '=', 1).executeTakeFirst();
    try {
      if (!method) throw new HttpError(402, 'no payment method is saved');
      const gift = { church, donorId: plan.donorId, amountCents: plan.amountCents, currency: plan.currency, fund: plan.fund, recurringId: plan.id, method };
      await chargeGift(app, { ...gift, idempotencyKey: `gift-plan:${plan.id}:${plan.nextChargeAt}` });
      charged++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await db.updateTable('churchRecurringGifts').set({ cancelledAt: now }).where('id', '=', plan.id).execute();
      const text = `${church.name}: your monthly gift could not be charged (${error.message}) and has been stopped.`;
      await notify(app, { userId: plan.donorId, senderId: church.ownerId, text, link: `/church/${church.id}` });
    }
  }
  return charged;
}

export const RECURRING_SWEEP_MS = 60 * 60_000;

export function startRecurringGiving(app: FastifyInstance) {
  const timer = setInterval(() => {
    chargeDueRecurringGifts(app).catch((error) => app.log.warn({ err: error }, 'recurring gifts sweep failed'));
  }, RECURRING_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
