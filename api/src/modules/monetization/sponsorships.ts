/**
 * Sponsorship offers and applications. An offer names a monthly payment and the monthly views it
 * needs; a creator whose views over the last 30 days reach it may apply; an admin accepts, and each
 * month of the deal is paid to the creator through the ledger (source `sponsorship`).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS, type SponsorshipApplication, type SponsorshipOffer, SponsorshipOfferCreateRequestSchema } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { conflict, notFound, unprocessable } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordPayment } from './ledger.ts';
import { addMonth } from './memberships.ts';

export const MONTHLY_VIEWS_WINDOW_DAYS = 30;

/** View events of a creator's items over the last 30 days. */
export async function monthlyViews(db: Kysely<Database>, creatorId: number, now = Date.now()): Promise<number> {
  const row = await db
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('content.creatorId', '=', creatorId)
    .where('viewEvents.createdAt', '>=', now - MONTHLY_VIEWS_WINDOW_DAYS * DAY_MS)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function availableOffers(db: Kysely<Database>, creatorId: number): Promise<SponsorshipOffer[]> {
  const [offers, views, applications] = await Promise.all([
    db.selectFrom('sponsorshipOffers').selectAll().orderBy('monthlyAmountCents', 'desc').orderBy('id').execute(),
    monthlyViews(db, creatorId),
    db.selectFrom('sponsorshipApplications').select(['id', 'offerId', 'status', 'paymentsMade']).where('creatorId', '=', creatorId).execute(),
  ]);
  return offers.map((o) => {
    const application = applications.find((a) => a.offerId === o.id);
    return {
      id: o.id,
      sponsorName: o.sponsorName,
      title: o.title,
      description: o.description,
      monthlyAmountCents: o.monthlyAmountCents,
      currency: o.currency,
      minMonthlyViews: o.minMonthlyViews,
      durationMonths: o.durationMonths,
      creatorMonthlyViews: views,
      eligible: views >= o.minMonthlyViews,
      application: application ? { id: application.id, status: application.status, paymentsMade: application.paymentsMade } : null,
    };
  });
}

export async function createOffer(db: Kysely<Database>, createdBy: number | null, body: unknown, now = Date.now()): Promise<number> {
  const input = parseOr400(SponsorshipOfferCreateRequestSchema, body);
  const { id } = await db
    .insertInto('sponsorshipOffers')
    .values({ sponsorName: input.sponsorName, title: input.title, description: input.description ?? '', monthlyAmountCents: input.monthlyAmountCents, minMonthlyViews: input.minMonthlyViews, durationMonths: input.durationMonths, createdBy, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function applyToOffer(db: Kysely<Database>, creatorId: number, offerId: number, now = Date.now()): Promise<number> {
  const offer = await db.selectFrom('sponsorshipOffers').selectAll().where('id', '=', offerId).executeTakeFirst();
  if (!offer) throw notFound('No sponsorship offer with that id');
  const views = await monthlyViews(db, creatorId, now);
  if (views < offer.minMonthlyViews) throw unprocessable(`id: this offer needs ${offer.minMonthlyViews} monthly views; you have ${views}`);
  try {
    const { id } = await db.insertInto('sponsorshipApplications').values({ offerId, creatorId, status: 'pending', nextPaymentAt: null, decidedBy: null, decidedAt: null, appliedAt: now }).returning('id').executeTakeFirstOrThrow();
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('id: you have already applied to this offer');
    throw error;
  }
}

function selectApplications(db: Kysely<Database>) {
  return db
    .selectFrom('sponsorshipApplications')
    .innerJoin('sponsorshipOffers', 'sponsorshipOffers.id', 'sponsorshipApplications.offerId')
    .innerJoin('users', 'users.id', 'sponsorshipApplications.creatorId')
    .selectAll('sponsorshipApplications')
    .select(['sponsorshipOffers.title as offerTitle', 'sponsorshipOffers.sponsorName', 'users.username as creatorName']);
}

export async function listApplications(db: Kysely<Database>, creatorId: number | null): Promise<SponsorshipApplication[]> {
  let query = selectApplications(db);
  if (creatorId !== null) query = query.where('sponsorshipApplications.creatorId', '=', creatorId);
  const rows = await query.orderBy('sponsorshipApplications.appliedAt', 'desc').orderBy('sponsorshipApplications.id', 'desc').execute();
  return rows.map((r) => ({ id: r.id, offerId: r.offerId, offerTitle: r.offerTitle, sponsorName: r.sponsorName, creatorId: r.creatorId, creatorName: r.creatorName, status: r.status, paymentsMade: r.paymentsMade, appliedAt: new Date(r.appliedAt).toISOString() }));
}

/** An admin's decision. Accepting pays the first month at once; the renewal sweep pays the rest. */
export async function decideApplication(app: FastifyInstance, adminId: number, applicationId: number, accept: boolean, now = Date.now()): Promise<SponsorshipApplication> {
  const db = app.db.kysely;
  const application = await db.selectFrom('sponsorshipApplications').selectAll().where('id', '=', applicationId).executeTakeFirst();
  if (!application) throw notFound('No sponsorship application with that id');
  if (application.status !== 'pending') throw conflict(`id: this application was already ${application.status}`);
  await db
    .updateTable('sponsorshipApplications')
    .set({ status: accept ? 'accepted' : 'rejected', decidedBy: adminId, decidedAt: now, nextPaymentAt: accept ? now : null })
    .where('id', '=', applicationId)
    .where('status', '=', 'pending')
    .execute();
  if (accept) await paySponsorshipsDue(db, app.config.platformFeePercent, now);
  return (await listApplications(db, application.creatorId)).find((a) => a.id === applicationId)!;
}

/**
 * Pays every accepted deal whose month is due, one ledger payment per month of the deal (keyed by
 * deal and month, so two nodes sweeping together pay once). The sponsor is invoiced outside OnAir.
 */
export async function paySponsorshipsDue(db: Kysely<Database>, feePercent: number, now = Date.now()): Promise<number> {
  const due = await db
    .selectFrom('sponsorshipApplications')
    .innerJoin('sponsorshipOffers', 'sponsorshipOffers.id', 'sponsorshipApplications.offerId')
    .select(['sponsorshipApplications.id', 'sponsorshipApplications.creatorId', 'sponsorshipApplications.paymentsMade', 'sponsorshipApplications.nextPaymentAt', 'sponsorshipOffers.monthlyAmountCents', 'sponsorshipOffers.durationMonths', 'sponsorshipOffers.currency'])
    .where('sponsorshipApplications.status', '=', 'accepted')
    .where('sponsorshipApplications.nextPaymentAt', '<=', now)
    .execute();
  let paid = 0;
  for (const deal of due) {
    // A sweep that was down for a while catches up every month that fell due meanwhile.
    let month = deal.paymentsMade;
    let dueAt = deal.nextPaymentAt;
    while (dueAt !== null && dueAt <= now && month < deal.durationMonths) {
      month++;
      const at = dueAt;
      const next = month >= deal.durationMonths ? null : addMonth(at);
      const { replayed } = await recordPayment(
        db,
        { payerId: null, creatorId: deal.creatorId, source: 'sponsorship', amountCents: deal.monthlyAmountCents, currency: deal.currency, provider: 'invoice', providerRef: `sponsorship-${deal.id}-month-${month}`, idempotencyKey: `sponsorship:${deal.id}:${month}`, createdAt: at, feePercent },
        async (trx) => {
          await trx.updateTable('sponsorshipApplications').set({ paymentsMade: month, nextPaymentAt: next }).where('id', '=', deal.id).execute();
        },
      );
      if (replayed) break;
      paid++;
      dueAt = next;
    }
  }
  return paid;
}
