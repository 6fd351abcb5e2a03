/**
 * Donations to a creator: charged through the provider, booked in the ledger, and pushed to the
 * creator's own room with the donor's name and message as soon as the money is booked.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { DonationSendRequestSchema, rooms, type Donation, type DonationsList } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import type { PaymentRow } from '../../db/schema-monetization.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { parseOr400 } from '../../http/validate.ts';
import { chargeOnce } from './charge.ts';
import { methodForCharge } from './payment-methods.ts';

const RECENT = 20;

function selectDonations(db: Kysely<Database>) {
  return db
    .selectFrom('donations')
    .innerJoin('users as donor', 'donor.id', 'donations.donorId')
    .innerJoin('users as creator', 'creator.id', 'donations.creatorId')
    .leftJoin('creatorProfiles', 'creatorProfiles.userId', 'donations.creatorId')
    .selectAll('donations')
    .select(['donor.username as donorName', 'creator.username as creatorUsername', 'creatorProfiles.displayName as creatorDisplayName']);
}

type DonationJoined = Awaited<ReturnType<ReturnType<typeof selectDonations>['executeTakeFirstOrThrow']>>;

const present = (r: DonationJoined): Donation => ({
  id: r.id,
  creatorId: r.creatorId,
  creatorName: r.creatorDisplayName ?? r.creatorUsername,
  donorId: r.donorId,
  donorName: r.donorName,
  contentId: r.contentId,
  amountCents: r.amountCents,
  currency: r.currency,
  message: r.message,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listDonations(db: Kysely<Database>, userId: number): Promise<DonationsList> {
  const [received, sent] = await Promise.all([
    selectDonations(db).where('donations.creatorId', '=', userId).orderBy('donations.createdAt', 'desc').orderBy('donations.id', 'desc').limit(RECENT).execute(),
    selectDonations(db).where('donations.donorId', '=', userId).orderBy('donations.createdAt', 'desc').orderBy('donations.id', 'desc').limit(RECENT).execute(),
  ]);
  return { received: received.map(present), sent: sent.map(present) };
}

/** The donation's own row, beside its payment (in the payment's transaction). */
export async function bookDonation(trx: Transaction<Database>, payment: PaymentRow, details: { donorId: number; contentId: number | null; message: string | null }): Promise<void> {
  await trx
    .insertInto('donations')
    .values({ paymentId: payment.id, donorId: details.donorId, creatorId: payment.creatorId!, contentId: details.contentId, amountCents: payment.amountCents, currency: payment.currency, message: details.message, createdAt: payment.createdAt })
    .execute();
}

export async function sendDonation(app: FastifyInstance, donor: UserRow, body: unknown, headerKey: string | undefined): Promise<Donation> {
  const input = parseOr400(DonationSendRequestSchema, body);
  const db = app.db.kysely;
  if (input.creatorId === donor.id) throw badRequest('creatorId: you cannot donate to yourself');
  const creator = await db.selectFrom('creatorProfiles').select('userId').where('userId', '=', input.creatorId).executeTakeFirst();
  if (!creator) throw notFound('creatorId: no creator with that id');
  if (input.contentId !== undefined) {
    const item = await db.selectFrom('content').select('creatorId').where('id', '=', input.contentId).executeTakeFirst();
    if (!item) throw notFound('contentId: no content with that id');
    if (item.creatorId !== input.creatorId) throw badRequest('contentId: that item belongs to another creator');
  }
  const method = await methodForCharge(db, donor.id, input.paymentMethodId);
  const amountCents = Math.round(input.amount * 100);
  const clientKey = input.idempotencyKey ?? headerKey ?? randomUUID();
  const { payment, replayed } = await chargeOnce(
    app,
    { payerId: donor.id, creatorId: input.creatorId, source: 'donation', amountCents, method, idempotencyKey: `donation:${donor.id}:${clientKey}`, description: 'Donation on OnAir' },
    (trx, row) => bookDonation(trx, row, { donorId: donor.id, contentId: input.contentId ?? null, message: input.message || null }),
  );
  const donation = present(await selectDonations(db).where('donations.paymentId', '=', payment.id).executeTakeFirstOrThrow());
  if (!replayed) app.io.to(rooms.user(donation.creatorId)).emit('donation:received', donation);
  return donation;
}
