/**
 * Demo seed step: a plausible money history, replayed through monetization's own services so the
 * ledger, the creators' earnings and every revenue figure agree with it:
 *   - the spec's three sample sponsorship offers (§9), and one deal for the best-watched creator who
 *     qualifies, accepted two months ago and paid month by month through the ledger;
 *   - some of the seeded audience save a test card and pay for Premium or Pro from their favourite
 *     creator's page, month after month until now (`startPeriod` + `recordPayment`);
 *   - fans donate to the creators they subscribe to, quick amounts mostly, some with a message.
 * Money moved through the test provider's labels (provider `test`, card 4242), since no real money moved.
 */
import type { Transaction } from 'kysely';
import { DAY_MS, DEFAULT_PLATFORM_FEE_PERCENT, DONATION } from '@onair/protocol';
import type { Database } from '../schema.ts';
import { bookDonation } from '../../modules/monetization/donations.ts';
import { recordPayment } from '../../modules/monetization/ledger.ts';
import { addMonth, startPeriod } from '../../modules/monetization/memberships.ts';
import { monthlyViews, paySponsorshipsDue } from '../../modules/monetization/sponsorships.ts';
import { demoAdmin, seededAudience } from './cast.ts';
import { SeededRandom } from './random.ts';

const FEE = DEFAULT_PLATFORM_FEE_PERCENT;

const SAMPLE_OFFERS = [
  { sponsorName: 'Harbor Bank', title: 'Weekday show partner', description: 'A 30-second read at the top of each live show.', monthlyAmountCents: 50_000, minMonthlyViews: 10_000, durationMonths: 6 },
  { sponsorName: 'Savanna Telecom', title: 'Mobile data partner', description: 'Logo on stream and a monthly mention.', monthlyAmountCents: 30_000, minMonthlyViews: 5_000, durationMonths: 3 },
  { sponsorName: 'BrightPath Learning', title: 'Learning partner', description: 'One sponsored segment a week.', monthlyAmountCents: 20_000, minMonthlyViews: 3_000, durationMonths: 12 },
];

const MESSAGES = ['Love the show!', 'Keep it up', 'Greetings from Lagos', 'Best part of my week', 'Thank you for this', null, null, null];

export async function seedDemoMoney(trx: Transaction<Database>, now: number): Promise<{ payments: number }> {
  const rng = new SeededRandom(20261123);
  let payments = 0;
  const admin = await demoAdmin(trx);

  // Offers, and one sponsorship for the creator with the most views who meets an offer's requirement.
  const offerIds: number[] = [];
  for (const offer of SAMPLE_OFFERS) {
    const { id } = await trx.insertInto('sponsorshipOffers').values({ ...offer, createdBy: admin?.id ?? null, createdAt: now - 75 * DAY_MS }).returning('id').executeTakeFirstOrThrow();
    offerIds.push(id);
  }
  const creators = await trx.selectFrom('creatorProfiles').select('userId').orderBy('userId').execute();
  const views = await Promise.all(creators.map(async (c) => ({ creatorId: c.userId, views: await monthlyViews(trx, c.userId, now) })));
  views.sort((a, b) => b.views - a.views || a.creatorId - b.creatorId);
  const deal = views.flatMap((v) => SAMPLE_OFFERS.map((o, i) => ({ ...v, offerIndex: i, offer: o }))).find((c) => c.views >= c.offer.minMonthlyViews);
  if (deal) {
    const acceptedAt = now - 65 * DAY_MS;
    await trx
      .insertInto('sponsorshipApplications')
      .values({ offerId: offerIds[deal.offerIndex]!, creatorId: deal.creatorId, status: 'accepted', nextPaymentAt: acceptedAt, decidedBy: admin?.id ?? null, decidedAt: acceptedAt, appliedAt: acceptedAt - 3 * DAY_MS })
      .execute();
    payments += await paySponsorshipsDue(trx, FEE, now);
  }

  // Paying members: about one in six of the audience, each from their favourite creator's page.
  const audience = await seededAudience(trx);
  const favourites = new Map((await trx.selectFrom('creatorSubscribers').select(['userId', 'creatorId']).execute()).map((s) => [s.userId, s.creatorId]));
  const tiers = await trx.selectFrom('subscriptionTiers').select(['id', 'priceCents']).where('priceCents', '>', 0).orderBy('position').execute();
  const cards = new Map<number, number>();
  const cardFor = async (userId: number, at: number) => {
    const known = cards.get(userId);
    if (known) return known;
    const { id } = await trx
      .insertInto('paymentMethods')
      .values({ userId, type: 'card', provider: 'test', providerToken: `tok_test_seed_${userId}`, brand: 'visa', last4: '4242', expMonth: rng.int(1, 12), expYear: new Date(now).getUTCFullYear() + rng.int(1, 4), isDefault: 1, createdAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    cards.set(userId, id);
    return id;
  };

  for (const [index, { id: userId }] of audience.entries()) {
    // Every sixth member of the audience pays (so even a tiny demo has members), and a few more at random.
    if ((index % 6 !== 0 && !rng.chance(1 / 12)) || tiers.length === 0) continue;
    const tier = rng.weighted(tiers, tiers.map((_, i) => (i === 0 ? 4 : 1)));
    const creatorId = favourites.get(userId) ?? null;
    let periodStart = now - rng.int(5, 120) * DAY_MS;
    const methodId = await cardFor(userId, periodStart - DAY_MS);
    for (let month = 1; periodStart <= now; month++) {
      const start = periodStart;
      await recordPayment(
        trx,
        { payerId: userId, creatorId, source: 'subscription', amountCents: tier.priceCents, provider: 'test', providerRef: `test_pi_seed_sub_${userId}_${month}`, paymentMethodId: methodId, idempotencyKey: `seed:subscribe:${userId}:${month}`, createdAt: start, feePercent: FEE },
        (t) => startPeriod(t, userId, tier.id, creatorId, methodId, start),
      );
      payments++;
      periodStart = addMonth(start);
    }
  }

  // Donations from fans to the creator they follow (or, for every fourth member, one they watched), on one of that creator's items.
  const items = await trx.selectFrom('content').select(['id', 'creatorId']).where('creatorId', 'is not', null).orderBy('id').execute();
  const watched = new Map((await trx.selectFrom('viewEvents').innerJoin('content', 'content.id', 'viewEvents.contentId').select(['viewEvents.userId', 'content.creatorId']).where('viewEvents.userId', 'is not', null).where('content.creatorId', 'is not', null).orderBy('viewEvents.id').execute()).map((r) => [r.userId!, r.creatorId!]));
  let n = 0;
  for (const [index, { id: donorId }] of audience.entries()) {
    const favourite = favourites.get(donorId);
    const creatorId = favourite && rng.chance(0.25) ? favourite : index % 4 === 0 ? (favourite ?? watched.get(donorId)) : undefined;
    if (!creatorId || creatorId === donorId) continue;
    const theirs = items.filter((i) => i.creatorId === creatorId);
    for (let k = rng.int(1, 3); k > 0; k--) {
      const at = now - rng.int(1, 88) * DAY_MS - rng.int(0, 23) * 3600_000;
      const methodId = await cardFor(donorId, at - DAY_MS);
      const dollars = rng.chance(0.8) ? rng.pick(DONATION.quickAmounts) : rng.int(DONATION.minimum, 40);
      const contentId = theirs.length ? rng.pick(theirs).id : null;
      const message = rng.pick(MESSAGES);
      n++;
      await recordPayment(
        trx,
        { payerId: donorId, creatorId, source: 'donation', amountCents: dollars * 100, provider: 'test', providerRef: `test_pi_seed_donation_${n}`, paymentMethodId: methodId, idempotencyKey: `seed:donation:${n}`, createdAt: at, feePercent: FEE },
        (t, payment) => bookDonation(t, payment, { donorId, contentId, message }),
      );
      payments++;
    }
  }
  return { payments };
}
