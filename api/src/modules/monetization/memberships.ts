/**
 * Paid plans: tiers from the database, subscribing (a charge through the provider), cancelling to the
 * period's end, and the membership the badge shows. `users.subscription` mirrors the current plan so
 * chat's VIP label and the session user keep reading one column.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { rooms, SubscribeRequestSchema, TierUpdateRequestSchema, type Membership, type SubscribeResponse, type SubscriptionTier } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { MembershipRow, PaymentRow, TierRow } from '../../db/schema-monetization.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { chargeOnce } from './charge.ts';
import { findPaymentByKey } from './ledger.ts';
import { methodForCharge } from './payment-methods.ts';

/** One calendar month later (the same day, clamped to the month's end), in UTC. */
export function addMonth(at: number): number {
  const d = new Date(at);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.getTime();
}

export function presentTier(row: TierRow): SubscriptionTier {
  return {
    id: row.id,
    name: row.name,
    price: row.priceCents / 100,
    priceCents: row.priceCents,
    currency: row.currency,
    interval: 'month',
    popular: row.popular === 1,
    features: JSON.parse(row.features) as string[],
  };
}

export async function listTiers(db: Kysely<Database>): Promise<SubscriptionTier[]> {
  return (await db.selectFrom('subscriptionTiers').selectAll().orderBy('position').orderBy('id').execute()).map(presentTier);
}

export async function updateTier(db: Kysely<Database>, id: string, body: unknown): Promise<SubscriptionTier> {
  const input = parseOr400(TierUpdateRequestSchema, body);
  const tier = await db.selectFrom('subscriptionTiers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!tier) throw notFound('No plan with that id');
  if (tier.id === 'free' && input.priceCents !== undefined && input.priceCents !== 0) throw badRequest('priceCents: the free plan stays free');
  if (tier.id !== 'free' && input.priceCents === 0) throw badRequest('priceCents: a paid plan must cost at least 1 cent');
  await db.transaction().execute(async (trx) => {
    if (input.popular) await trx.updateTable('subscriptionTiers').set({ popular: 0 }).execute();
    await trx
      .updateTable('subscriptionTiers')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.priceCents !== undefined ? { priceCents: input.priceCents } : {}),
        ...(input.popular !== undefined ? { popular: input.popular ? 1 : 0 } : {}),
        ...(input.features !== undefined ? { features: JSON.stringify(input.features) } : {}),
        updatedAt: Date.now(),
      })
      .where('id', '=', id)
      .execute();
  });
  return presentTier(await db.selectFrom('subscriptionTiers').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

function findMembership(db: Kysely<Database> | Transaction<Database>, userId: number) {
  return db.selectFrom('memberships').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function presentMembership(app: FastifyInstance, userId: number, now = Date.now()): Promise<Membership> {
  const db = app.db.kysely;
  const row = await findMembership(db, userId);
  const base = { testMode: app.payments.testMode, provider: app.payments.name };
  if (!row || row.status === 'ended' || row.currentPeriodEnd <= now) {
    const free = await db.selectFrom('subscriptionTiers').select('name').where('id', '=', 'free').executeTakeFirst();
    return { tierId: 'free', tierName: free?.name ?? 'Free', status: 'free', currentPeriodEnd: null, cancelAtPeriodEnd: false, ...base };
  }
  const tier = await db.selectFrom('subscriptionTiers').select('name').where('id', '=', row.tierId).executeTakeFirstOrThrow();
  return {
    tierId: row.tierId,
    tierName: tier.name,
    status: row.status === 'past_due' ? 'past_due' : row.cancelAtPeriodEnd ? 'canceling' : 'active',
    currentPeriodEnd: new Date(row.currentPeriodEnd).toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
    ...base,
  };
}

/** Starts or replaces a paid period for the plan just charged. */
export async function startPeriod(trx: Transaction<Database>, userId: number, tierId: string, creatorId: number | null, paymentMethodId: number | null, start: number): Promise<void> {
  const values = { tierId, status: 'active' as const, creatorId, paymentMethodId, currentPeriodStart: start, currentPeriodEnd: addMonth(start), cancelAtPeriodEnd: 0, updatedAt: start };
  const existing = await findMembership(trx, userId);
  if (existing) await trx.updateTable('memberships').set(values).where('id', '=', existing.id).execute();
  else await trx.insertInto('memberships').values({ userId, createdAt: start, ...values }).execute();
  await trx.updateTable('users').set({ subscription: tierId }).where('id', '=', userId).execute();
}

const presentPayment = (p: PaymentRow) => ({ paymentId: p.id, amountCents: p.amountCents, currency: p.currency, status: 'succeeded' as const, providerRef: p.providerRef ?? '' });

export async function subscribe(app: FastifyInstance, userId: number, body: unknown, headerKey: string | undefined): Promise<SubscribeResponse> {
  const input = parseOr400(SubscribeRequestSchema, body);
  const db = app.db.kysely;
  const clientKey = input.idempotencyKey ?? headerKey;
  const key = `subscribe:${userId}:${clientKey ?? randomUUID()}`;
  // A retry of a subscription that went through answers what the first one did, without a charge.
  const earlier = clientKey ? await findPaymentByKey(db, key) : undefined;
  if (earlier?.status === 'succeeded') return { membership: await presentMembership(app, userId), payment: presentPayment(earlier) };

  const tier = await db.selectFrom('subscriptionTiers').selectAll().where('id', '=', input.tierId).executeTakeFirst();
  if (!tier) throw badRequest('tierId: no plan with that id');
  if (tier.priceCents === 0) throw badRequest('tierId: the free plan needs no subscription; cancel your plan instead');
  if (input.creatorId !== undefined) {
    const creator = await db.selectFrom('creatorProfiles').select('userId').where('userId', '=', input.creatorId).executeTakeFirst();
    if (!creator) throw badRequest('creatorId: no creator with that id');
    if (input.creatorId === userId) throw badRequest('creatorId: you cannot subscribe through your own page');
  }
  const current = await presentMembership(app, userId);
  if (current.tierId === tier.id && current.status === 'active') throw conflict(`tierId: you are already on ${tier.name}`);
  // Cancelled but still paid for: keeping the plan is a resume, not a second charge.
  if (current.tierId === tier.id && current.status === 'canceling') throw conflict(`tierId: you are still on ${tier.name} until the period ends; keep your plan instead of paying again`);
  const method = await methodForCharge(db, userId, input.paymentMethodId);
  const { payment } = await chargeOnce(
    app,
    { payerId: userId, creatorId: input.creatorId ?? null, source: 'subscription', amountCents: tier.priceCents, method, idempotencyKey: key, description: `OnAir ${tier.name}, one month` },
    (trx, row) => startPeriod(trx, userId, tier.id, input.creatorId ?? null, method.id, row.createdAt),
  );
  const membership = await presentMembership(app, userId);
  app.io.to(rooms.user(userId)).emit('membership:updated', membership);
  return { membership, payment: presentPayment(payment) };
}

/** Cancel (true) or keep (false) the plan at the end of the paid period. */
export async function setCancelAtPeriodEnd(app: FastifyInstance, userId: number, cancel: boolean): Promise<Membership> {
  const db = app.db.kysely;
  const row = await findMembership(db, userId);
  if (!row || row.status === 'ended' || row.currentPeriodEnd <= Date.now()) throw badRequest('tierId: you have no paid plan to change');
  await db.updateTable('memberships').set({ cancelAtPeriodEnd: cancel ? 1 : 0, updatedAt: Date.now() }).where('id', '=', row.id).execute();
  const membership = await presentMembership(app, userId);
  app.io.to(rooms.user(userId)).emit('membership:updated', membership);
  return membership;
}

export type { MembershipRow };
