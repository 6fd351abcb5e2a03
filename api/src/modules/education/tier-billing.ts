/**
 * Paid institution tiers through the monetization provider. Choosing Premium charges its list price to
 * the owner's payment method; an admin setting up Enterprise may give the monthly price agreed with
 * sales, charged to the owner's default method. Either way the first month is a `chargeOnce` payment
 * (platform revenue, on the ledger) and the tier, its method, price and paid period are written in the
 * same transaction, so a refused card changes nothing. The sweep renews each paid month; a refused
 * renewal returns the institution to Basic (enrolled students stay, new ones beyond 100 are refused)
 * and tells the owner.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { educationTier, type EducationTierId, type TierChangeResponse } from '@onair/protocol';
import type { InstitutionRow } from '../../db/schema-education.ts';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, HttpError } from '../../http/errors.ts';
import { chargeOnce } from '../monetization/charge.ts';
import { addMonth } from '../monetization/memberships.ts';
import { methodForCharge } from '../monetization/payment-methods.ts';
import { notify } from '../notifications/service.ts';
import { countMembers, presentInstitution } from './institutions.ts';

export interface TierChange {
  tier: EducationTierId;
  paymentMethodId?: number | undefined;
  priceCents?: number | undefined;
  idempotencyKey?: string | undefined;
}

export async function changeTier(app: FastifyInstance, user: UserRow, institution: InstitutionRow, input: TierChange): Promise<TierChangeResponse> {
  const db = app.db.kysely;
  const plan = educationTier(input.tier);
  if (input.tier === 'enterprise' && user.role !== 'admin') {
    throw forbidden('tier: Enterprise has custom pricing; an administrator sets it up after contacting sales');
  }
  if (input.priceCents !== undefined && input.tier !== 'enterprise') throw badRequest(`priceCents: ${plan.name} has a list price; only Enterprise takes an agreed one`);
  if (input.tier === institution.subscriptionTier) throw conflict(`tier: this institution is already on ${plan.name}`);
  const current = await countMembers(db, institution.id, 'student');
  if (plan.maxStudents !== null && current > plan.maxStudents) {
    throw conflict(`tier: ${plan.name} allows up to ${plan.maxStudents} students and this institution has ${current}`);
  }
  const priceCents = input.tier === 'enterprise' ? (input.priceCents ?? null) : plan.priceCents;
  if (!priceCents) {
    await db.updateTable('institutions').set({ subscriptionTier: input.tier, paymentMethodId: null, tierPriceCents: null, tierPeriodEnd: null }).where('id', '=', institution.id).execute();
    return { institution: await presentInstitution(db, await reload(app, institution.id), user.id), payment: null };
  }
  // The owner pays: with their chosen method when they change it themselves, else their default.
  const payerId = institution.ownerId;
  const method = await methodForCharge(db, payerId, payerId === user.id ? input.paymentMethodId : undefined).catch((error: unknown) => {
    if (payerId !== user.id && error instanceof HttpError) throw badRequest('paymentMethodId: the institution’s owner has no default payment method yet');
    throw error;
  });
  const { payment } = await chargeOnce(
    app,
    {
      payerId,
      creatorId: null,
      source: 'subscription',
      amountCents: priceCents,
      currency: plan.currency,
      method,
      idempotencyKey: `tier:${institution.id}:${input.tier}:${input.idempotencyKey ?? randomUUID()}`,
      description: `${plan.name} plan for ${institution.name}, one month`,
    },
    async (trx, row) => {
      await trx
        .insertInto('institutionPayments')
        .values({ institutionId: institution.id, payerId, purpose: `tier:${input.tier}`, amountCents: priceCents, currency: plan.currency, reference: row.providerRef ?? `payment:${row.id}`, testMode: app.payments.testMode ? 1 : 0, createdAt: row.createdAt })
        .execute();
      await trx
        .updateTable('institutions')
        .set({ subscriptionTier: input.tier, paymentMethodId: method.id, tierPriceCents: priceCents, tierPeriodEnd: addMonth(row.createdAt) })
        .where('id', '=', institution.id)
        .execute();
    },
  );
  return {
    institution: await presentInstitution(db, await reload(app, institution.id), user.id),
    payment: { reference: payment.providerRef ?? `payment:${payment.id}`, amountCents: priceCents, currency: plan.currency, testMode: app.payments.testMode },
  };
}

const reload = (app: FastifyInstance, id: number) => app.db.kysely.selectFrom('institutions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Charges every paid tier whose month has run out; claimed and keyed by institution and period, so two nodes charge once. */
export async function renewInstitutionTiers(app: FastifyInstance, now = Date.now()): Promise<{ renewed: number; lapsed: number }> {
  const db = app.db.kysely;
  const due = await db.selectFrom('institutions').selectAll().where('tierPeriodEnd', 'is not', null).where('tierPeriodEnd', '<=', now).where('subscriptionTier', '!=', 'basic').limit(100).execute();
  const result = { renewed: 0, lapsed: 0 };
  for (const institution of due) {
    const periodEnd = institution.tierPeriodEnd!;
    // Claim this period first (moving its end forward in the statement that checks it): a second sweep skips it.
    const claimed = await db.updateTable('institutions').set({ tierPeriodEnd: addMonth(periodEnd) }).where('id', '=', institution.id).where('tierPeriodEnd', '=', periodEnd).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    const plan = educationTier(institution.subscriptionTier);
    let method = institution.paymentMethodId ? await db.selectFrom('paymentMethods').selectAll().where('id', '=', institution.paymentMethodId).executeTakeFirst() : undefined;
    method ??= await db.selectFrom('paymentMethods').selectAll().where('userId', '=', institution.ownerId).where('isDefault', '=', 1).executeTakeFirst();
    try {
      if (!method || !institution.tierPriceCents) throw new HttpError(402, 'no payment method is saved');
      const amountCents = institution.tierPriceCents;
      await chargeOnce(
        app,
        { payerId: institution.ownerId, creatorId: null, source: 'subscription', amountCents, currency: plan.currency, method, idempotencyKey: `tier-renewal:${institution.id}:${periodEnd}`, description: `${plan.name} plan for ${institution.name}, one month (renewal)` },
        async (trx, row) => {
          await trx
            .insertInto('institutionPayments')
            .values({ institutionId: institution.id, payerId: institution.ownerId, purpose: `tier:${institution.subscriptionTier}`, amountCents, currency: plan.currency, reference: row.providerRef ?? `payment:${row.id}`, testMode: app.payments.testMode ? 1 : 0, createdAt: row.createdAt })
            .execute();
        },
      );
      result.renewed++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await db.updateTable('institutions').set({ subscriptionTier: 'basic', tierPeriodEnd: null, tierPriceCents: null }).where('id', '=', institution.id).execute();
      const text = `${institution.name}: the ${plan.name} plan could not be renewed (${error.message}); the institution is on Basic now.`;
      await notify(app, { userId: institution.ownerId, senderId: null, text, link: '/education-mode' });
      result.lapsed++;
    }
  }
  return result;
}

export function startTierRenewals(app: FastifyInstance) {
  const timer = setInterval(() => {
    renewInstitutionTiers(app).catch((error) => app.log.warn({ err: error }, 'institution tier renewal sweep failed'));
  }, app.config.renewalSweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
