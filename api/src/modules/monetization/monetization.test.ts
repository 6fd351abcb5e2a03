import Fastify from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY_MS, DonationSchema, MembershipSchema, PaymentMethodSchema, RevenueSummarySchema, SubscribeResponseSchema } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { canWatch } from './access.ts';
import { platformFee, recordPayment } from './ledger.ts';
import { renewMemberships } from './renewals.ts';
import { revenueSummary } from './revenue.ts';
import { creatorStats } from '../creator/repository.ts';

const dialects = await testDialects();
// Money flows touch many rows; on a loaded machine they take longer than the default limits.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });
const WEBHOOK_SECRET = 'whsec_test_onair_monetization_secret';
const card = (cardNumber: string) => ({ type: 'card', cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

describe.each(dialects)('monetization on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let viewer: string;
  let listener: string;
  let creator: string;
  let admin: string;
  let creatorId: number;
  let liveItemId: number;
  let viewerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    url = await listen(t);
    [viewer, listener, creator, admin] = await Promise.all([
      signIn(t.app, 'viewer', 'viewer123'),
      signIn(t.app, 'listener', 'listener123'),
      signIn(t.app, 'creator', 'creator123'),
      signIn(t.app, 'admin', 'admin123'),
    ]);
    creatorId = (await db().selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    // The demo creator goes live with one of their items (as the Studio would).
    const item = await db().selectFrom('content').select('id').where('creatorId', '=', creatorId).orderBy('id').executeTakeFirstOrThrow();
    await db().updateTable('content').set({ status: 'live', liveSince: Date.now() }).where('id', '=', item.id).execute();
    liveItemId = item.id;
    viewerId = (await db().selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    closeAllSockets();
    await t.close();
  });

  const db = () => t.database.db.kysely;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', path: string, cookie?: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: path, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const count = async (table: 'payments' | 'ledgerEntries' | 'memberships' | 'donations' | 'paymentMethods') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const userId = async (username: string) => (await db().selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('serves the seeded tiers to anyone and keeps money routes behind a session and roles', async () => {
    const tiers = (await call('GET', '/api/subscriptions/tiers')).json();
    expect(tiers.map((x: { id: string; price: number }) => [x.id, x.price])).toEqual([['free', 0], ['premium', 9.99], ['pro', 19.99]]);
    expect(tiers.find((x: { id: string }) => x.id === 'premium').popular).toBe(true);
    for (const [method, path] of [['GET', '/api/user/payment-methods'], ['POST', '/api/payment-methods/add'], ['POST', '/api/subscriptions/subscribe'], ['POST', '/api/donations/send'], ['GET', '/api/revenue/summary'], ['GET', '/api/sponsorships/available']] as const) {
      expect((await call(method, path, undefined, method === 'POST' ? {} : undefined)).statusCode, path).toBe(401);
    }
    expect((await call('GET', '/api/revenue/summary', viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/sponsorships/available', viewer)).statusCode).toBe(403);
    expect((await call('PATCH', '/api/subscriptions/tiers/premium', creator, { priceCents: 100 })).statusCode).toBe(403);
  });

  it('a viewer adds a test card (only the token, brand, last four and expiry are kept), subscribes to Premium and donates 5 to the live item’s creator, who sees it arrive', async () => {
    const added = await call('POST', '/api/payment-methods/add', viewer, card('4242 4242 4242 4242'));
    expect(added.statusCode).toBe(201);
    const method = PaymentMethodSchema.parse(added.json());
    expect(method).toMatchObject({ type: 'card', brand: 'visa', last4: '4242', isDefault: true, provider: 'test', name: 'Visa ending 4242' });
    const stored = await db().selectFrom('paymentMethods').selectAll().where('id', '=', method.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    expect((await call('GET', '/api/user/payment-methods', viewer)).json()).toEqual([method]);

    const subscribed = await call('POST', '/api/subscriptions/subscribe', viewer, { tierId: 'premium' });
    expect(subscribed.statusCode).toBe(200);
    const { membership, payment } = SubscribeResponseSchema.parse(subscribed.json());
    expect(membership).toMatchObject({ tierId: 'premium', tierName: 'Premium', status: 'active', testMode: true });
    expect(payment?.amountCents).toBe(999);
    expect((await db().selectFrom('users').select('subscription').where('username', '=', 'viewer').executeTakeFirstOrThrow()).subscription).toBe('premium');
    expect(MembershipSchema.parse((await call('GET', '/api/subscriptions/me', viewer)).json()).tierId).toBe('premium');

    const creatorSocket = await connectSocket(url, creator);
    const arrived = nextEvent(creatorSocket, 'donation:received', () => true, 30_000);
    const sent = await call('POST', '/api/donations/send', viewer, { amount: 5, creatorId, contentId: liveItemId, message: 'Great show!' });
    expect(sent.statusCode).toBe(201);
    const donation = DonationSchema.parse(sent.json());
    expect(donation).toMatchObject({ amountCents: 500, creatorId, donorName: 'viewer', message: 'Great show!', contentId: liveItemId });
    expect(await arrived).toEqual(donation);
    expect((await call('GET', '/api/donations', creator)).json().received[0]).toEqual(donation);
  });

  it('the creator’s revenue summary equals the ledger’s sum minus the fee, to the cent, and the dashboard agrees', async () => {
    await call('POST', '/api/donations/send', viewer, { amount: 10.05, creatorId });
    await call('POST', '/api/donations/send', viewer, { amount: 25.55, creatorId });
    const charges = await db().selectFrom('ledgerEntries').selectAll().where('creatorId', '=', creatorId).where('kind', '=', 'charge').execute();
    const gross = charges.reduce((sum, e) => sum + e.amountCents, 0);
    const fee = charges.reduce((sum, e) => sum + platformFee(e.amountCents, 10, creatorId), 0);
    const mine = charges.filter((e) => e.payerId === viewerId && e.source === 'donation').map((e) => e.amountCents).sort((a, b) => a - b);
    expect(mine).toEqual([500, 1005, 2555]);
    const summary = RevenueSummarySchema.parse((await call('GET', '/api/revenue/summary', creator)).json());
    expect(summary).toMatchObject({ scope: 'creator', grossCents: gross, feeCents: fee, netCents: gross - fee, balanceCents: gross - fee, platformFeePercent: 10 });
    expect(Object.values(summary.bySource).reduce((a, b) => a + b, 0)).toBe(gross);
    expect(summary.bySource.donation).toBe(charges.filter((e) => e.source === 'donation').reduce((sum, e) => sum + e.amountCents, 0));
    expect(summary.months.reduce((sum, m) => sum + m.netCents, 0)).toBe(gross - fee);
    const dashboard = (await call('GET', '/api/creator', creator)).json();
    expect(dashboard.profile.revenueCents).toBe(gross - fee);

    const all = await db().selectFrom('ledgerEntries').selectAll().execute();
    const allCharges = all.filter((e) => e.kind === 'charge');
    const allFees = -all.filter((e) => e.kind === 'platform_fee').reduce((sum, e) => sum + e.amountCents, 0);
    const platformOwn = allCharges.filter((e) => e.creatorId === null).reduce((sum, e) => sum + e.amountCents, 0);
    expect(platformOwn).toBeGreaterThanOrEqual(999);
    const platform = RevenueSummarySchema.parse((await call('GET', '/api/revenue/summary', admin)).json());
    // The platform keeps the fees plus the plans bought outside any creator's page.
    expect(platform).toMatchObject({ scope: 'platform', grossCents: allCharges.reduce((sum, e) => sum + e.amountCents, 0), feeCents: allFees, netCents: allFees + platformOwn });
    const csv = await call('GET', '/api/revenue/export.csv', creator);
    expect(csv.headers['content-type']).toContain('text/csv');
    const money = (cents: number) => (cents / 100).toFixed(2);
    expect(csv.body.trim().split('\n').at(-1)).toBe(['all time', ...Object.values(summary.bySource).map(money), money(gross), money(fee), money(gross - fee), 'USD'].join(','));
  });

  it('the demo seed’s money history agrees with its ledger for every creator', async () => {
    const creators = await db().selectFrom('creatorProfiles').select('userId').execute();
    const seeded = await db().selectFrom('payments').select('id').where('idempotencyKey', 'like', 'seed:%').execute();
    expect(seeded.length).toBeGreaterThan(0);
    for (const { userId: id } of creators) {
      const summary = await revenueSummary(db(), { creatorId: id, feePercent: 10, testMode: true });
      const stats = await creatorStats(db(), id);
      expect(stats.revenueCents, `creator ${id}`).toBe(summary.netCents);
      const rows = await db().selectFrom('ledgerEntries').select('amountCents').where('creatorId', '=', id).execute();
      expect(summary.balanceCents).toBe(rows.reduce((sum, r) => sum + r.amountCents, 0));
    }
    expect(await db().selectFrom('sponsorshipOffers').select('monthlyAmountCents').orderBy('id').limit(3).execute()).toEqual([{ monthlyAmountCents: 50_000 }, { monthlyAmountCents: 30_000 }, { monthlyAmountCents: 20_000 }]);
  });

  it('a decline card fails with the provider’s reason and writes nothing', async () => {
    const added = await call('POST', '/api/payment-methods/add', listener, card('4000000000000002'));
    expect(added.statusCode).toBe(201);
    const before = await Promise.all([count('payments'), count('ledgerEntries'), count('memberships'), count('donations')]);
    const refused = await call('POST', '/api/subscriptions/subscribe', listener, { tierId: 'premium' });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toBe('Your card was declined.');
    const donation = await call('POST', '/api/donations/send', listener, { amount: 5, creatorId });
    expect(donation.statusCode).toBe(402);
    expect(await Promise.all([count('payments'), count('ledgerEntries'), count('memberships'), count('donations')])).toEqual(before);
    expect((await db().selectFrom('users').select('subscription').where('username', '=', 'listener').executeTakeFirstOrThrow()).subscription).toBe('free');
    // A real card number has no place in test mode.
    const real = await call('POST', '/api/payment-methods/add', listener, card('4111 1111 1111 1111'));
    expect(real.statusCode).toBe(402);
    expect(real.body).toMatch(/^cardNumber: test mode accepts only test card numbers/);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const before = await Promise.all([count('payments'), count('paymentMethods')]);
    const cases: [string, unknown, RegExp][] = [
      ['/api/donations/send', { amount: 0.5, creatorId }, /^amount must be at least 1/],
      ['/api/donations/send', { amount: '5', creatorId }, /^amount must be a number/],
      ['/api/donations/send', { amount: 5 }, /^creatorId is required/],
      ['/api/donations/send', { amount: 5.001, creatorId }, /^amount must have at most two decimals/],
      ['/api/subscriptions/subscribe', {}, /^tierId is required/],
      ['/api/subscriptions/subscribe', { tierId: 'gold' }, /^tierId: no plan with that id/],
      ['/api/subscriptions/subscribe', { tierId: 'free' }, /^tierId: the free plan/],
      ['/api/payment-methods/add', {}, /^type must be one of card, mobile_money, bank/],
      ['/api/payment-methods/add', { type: 'card', cardNumber: '42424242424242x2', expMonth: 1, expYear: 2030, cvc: '123' }, /^cardNumber may only contain digits/],
      ['/api/payment-methods/add', { type: 'card', cardNumber: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' }, /^expMonth must be 1-12/],
      ['/api/payment-methods/add', { type: 'mobile_money', brand: 'Venmo', phoneNumber: '254700000001' }, /^brand must be one of/],
      ['/api/payment-methods/add', { type: 'mobile_money', brand: 'M-Pesa', phoneNumber: '254 70+0 000' }, /^phoneNumber may only contain digits \(and a leading \+\)/],
      ['/api/payment-methods/add', { type: 'card', cardNumber: ' ', expMonth: 1, expYear: 2030, cvc: '123' }, /^cardNumber is required/],
    ];
    for (const [path, payload, message] of cases) {
      const response = await call('POST', path, viewer, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toMatch(message);
    }
    expect(await Promise.all([count('payments'), count('paymentMethods')])).toEqual(before);
  });

  it('the same subscribe retried with one idempotency key charges once', async () => {
    const fan = (await call('POST', '/api/register', undefined, { username: 'payingfan', email: 'fan@example.test', password: 'password-123' })).cookies.find((c) => c.name === 'onair.sid')!;
    const cookie = `onair.sid=${fan.value}`;
    expect((await call('POST', '/api/payment-methods/add', cookie, { type: 'mobile_money', brand: 'M-Pesa', phoneNumber: '+254 700-000 (101)' })).statusCode).toBe(201);
    // As typed, international format included; kept as its digits.
    expect(await db().selectFrom('paymentMethods').select('last4').where('userId', '=', await userId('payingfan')).executeTakeFirstOrThrow()).toEqual({ last4: '0101' });
    const fanId = await userId('payingfan');
    const charges = () => db().selectFrom('ledgerEntries').select('id').where('payerId', '=', fanId).where('kind', '=', 'charge').execute();
    const headers = { 'idempotency-key': 'subscribe-pro-attempt-1' };
    const [a, b] = await Promise.all([call('POST', '/api/subscriptions/subscribe', cookie, { tierId: 'pro' }, headers), call('POST', '/api/subscriptions/subscribe', cookie, { tierId: 'pro' }, headers)]);
    const c = await call('POST', '/api/subscriptions/subscribe', cookie, { tierId: 'pro' }, headers);
    // A concurrent twin either answers the first payment or is told it is still being processed.
    expect([a.statusCode, b.statusCode].sort()).toEqual(a.statusCode === b.statusCode ? [200, 200] : [200, 409]);
    expect(c.statusCode).toBe(200);
    expect(c.json().payment.paymentId).toBe((a.statusCode === 200 ? a : b).json().payment.paymentId);
    expect(await charges()).toHaveLength(1);
    // A new attempt (another key) on the same plan is refused rather than charged again.
    const again = await call('POST', '/api/subscriptions/subscribe', cookie, { tierId: 'pro' }, { 'idempotency-key': 'subscribe-pro-attempt-2' });
    expect(again.statusCode).toBe(409);
    expect(await charges()).toHaveLength(1);
  });

  it('renews monthly, and a plan cancelled to its period’s end ends then', async () => {
    const viewerId = await userId('viewer');
    const before = (await db().selectFrom('memberships').selectAll().where('userId', '=', viewerId).executeTakeFirstOrThrow()).currentPeriodEnd;
    expect((await renewMemberships(t.app, before + 1000)).renewed).toBeGreaterThanOrEqual(1);
    const renewed = await db().selectFrom('memberships').selectAll().where('userId', '=', viewerId).executeTakeFirstOrThrow();
    expect(renewed.currentPeriodStart).toBe(before);
    expect(renewed.currentPeriodEnd).toBeGreaterThan(before);
    expect(await db().selectFrom('ledgerEntries').select('id').where('payerId', '=', viewerId).where('source', '=', 'subscription').where('kind', '=', 'charge').execute()).toHaveLength(2);
    // The sweep of another node at the same moment charges nothing more.
    await renewMemberships(t.app, before + 1000);
    expect(await db().selectFrom('ledgerEntries').select('id').where('payerId', '=', viewerId).where('source', '=', 'subscription').where('kind', '=', 'charge').execute()).toHaveLength(2);

    expect(MembershipSchema.parse((await call('POST', '/api/subscriptions/cancel', viewer)).json()).status).toBe('canceling');
    expect((await renewMemberships(t.app, renewed.currentPeriodEnd + 1000)).ended).toBeGreaterThanOrEqual(1);
    expect((await db().selectFrom('users').select('subscription').where('id', '=', viewerId).executeTakeFirstOrThrow()).subscription).toBe('free');
    expect(MembershipSchema.parse((await call('GET', '/api/subscriptions/me', viewer)).json()).status).toBe('free');
  });

  it('a Stripe webhook with a bad signature is refused, and a good one is applied once even when delivered twice', async () => {
    const viewerId = await userId('viewer');
    const { payment } = await recordPayment(db(), { payerId: viewerId, creatorId, source: 'donation', amountCents: 2000, provider: 'stripe', providerRef: 'pi_onair_test_1', idempotencyKey: 'stripe-test-payment-1', feePercent: 10 });
    const payload = JSON.stringify({ id: 'evt_onair_1', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_onair_1', object: 'charge', payment_intent: 'pi_onair_test_1', refunded: true, amount_refunded: 2000 } } });
    const deliver = (signature: string) => t.app.inject({ method: 'POST', url: '/api/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
    const before = await count('ledgerEntries');

    expect((await deliver(Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }))).statusCode).toBe(400);
    expect((await deliver('t=1,v1=deadbeef')).statusCode).toBe(400);
    expect(await count('ledgerEntries')).toBe(before);

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await deliver(signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const second = await deliver(signature);
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    const rows = await db().selectFrom('ledgerEntries').select(['kind', 'amountCents']).where('paymentId', '=', payment.id).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'charge', amountCents: 2000 },
      { kind: 'platform_fee', amountCents: -200 },
      { kind: 'refund', amountCents: -2000 },
      { kind: 'fee_refund', amountCents: 200 },
    ]);
    // Other routes still parse JSON as usual: the raw-body parser belongs to the webhook alone.
    expect((await call('POST', '/api/subscriptions/subscribe', viewer, { tierId: 'gold' })).statusCode).toBe(400);
  });

  it('a subscribers-only item refuses a non-subscriber’s playlist request, chat and player, and stays listed', async () => {
    expect((await call('PUT', `/api/content/${liveItemId}/access`, viewer, { subscribersOnly: true })).statusCode).toBe(403);
    expect((await call('PUT', `/api/content/${liveItemId}/access`, creator, { subscribersOnly: 'yes' })).body).toMatch(/^subscribersOnly must be true or false/);
    expect((await call('PUT', `/api/content/${liveItemId}/access`, creator, { subscribersOnly: true })).json()).toMatchObject({ subscribersOnly: true });

    // The media engineer's HLS route calls canWatch; this tiny route stands in for it.
    const media = Fastify();
    media.get<{ Params: { contentId: string }; Headers: { 'x-user': string } }>('/media/:contentId/index.m3u8', async (request, reply) => {
      const username = request.headers['x-user'];
      const user = username ? await db().selectFrom('users').select(['id', 'role']).where('username', '=', username).executeTakeFirst() : null;
      if (!(await canWatch(db(), user ?? null, Number(request.params.contentId)))) return reply.code(403).send('subscribers only');
      return reply.type('application/vnd.apple.mpegurl').send('#EXTM3U\n');
    });
    const playlist = (username?: string) => media.inject({ method: 'GET', url: `/media/${liveItemId}/index.m3u8`, headers: username ? { 'x-user': username } : {} });
    expect((await playlist('listener')).statusCode).toBe(403);
    expect((await playlist()).statusCode).toBe(403);
    expect((await playlist('creator')).statusCode).toBe(200);
    expect((await playlist('admin')).statusCode).toBe(200);
    expect((await playlist('payingfan')).statusCode).toBe(200);

    const listed = (await call('GET', `/api/content/${liveItemId}`, listener)).json();
    expect(listed).toMatchObject({ id: liveItemId, subscribersOnly: true, canWatch: false });
    expect((await call('GET', `/api/content/${liveItemId}`, creator)).json()).toMatchObject({ subscribersOnly: true, canWatch: true });
    expect((await call('GET', `/api/chat/recent?contentId=${liveItemId}`, listener)).statusCode).toBe(403);
    expect((await call('POST', '/api/chat/send', listener, { contentId: liveItemId, message: 'let me in' })).statusCode).toBe(403);
    expect((await call('GET', `/api/chat/recent?contentId=${liveItemId}`, creator)).statusCode).toBe(200);
    const socket = await connectSocket(url, listener);
    const ack = await socket.emitWithAck('content:watch', { contentId: liveItemId });
    expect(ack).toMatchObject({ ok: false });

    // Its polls and questions too, as its chat: refused to a non-subscriber (writing nothing), open to a paying fan.
    const payingfan = await signIn(t.app, 'payingfan', 'password-123');
    // A device's stored downloads, checked in one request by the same rule; an item no longer there is named as removed.
    const check = async (cookie: string) => (await call('POST', '/api/user/offline-content/check', cookie, { contentIds: [liveItemId, 2_000_000, liveItemId] })).json();
    expect(await check(listener)).toEqual({ revoked: [{ contentId: liveItemId, why: 'subscribers-only' }, { contentId: 2_000_000, why: 'removed' }] });
    for (const cookie of [creator, admin, payingfan]) expect(await check(cookie)).toEqual({ revoked: [{ contentId: 2_000_000, why: 'removed' }] });
    expect((await call('POST', '/api/user/offline-content/check', undefined, { contentIds: [liveItemId] })).statusCode).toBe(401);
    for (const [body, error] of [
      [{}, /^contentIds must be a list of content ids/],
      [{ contentIds: [] }, /^contentIds must name at least one item/],
      [{ contentIds: [1, 'x'] }, /^contentIds\.1: contentId must be a number/],
      [{ contentIds: Array.from({ length: 501 }, (_, i) => i + 1) }, /^contentIds may name at most 500 items/],
    ] as const) {
      const refused = await call('POST', '/api/user/offline-content/check', listener, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(error);
    }
    // Nor is it pushed to them: the lobby's polls room hears nothing of it, the item's room (a fan's) does.
    const fanSocket = await connectSocket(url, payingfan);
    expect(await fanSocket.emitWithAck('content:watch', { contentId: liveItemId })).toMatchObject({ ok: true });
    const overheard = { created: collect(socket, 'poll:created'), tallies: collect(socket, 'poll:tally') };
    const fanHears = nextEvent(fanSocket, 'poll:created', (p) => p.contentId === liveItemId);
    const poll = await call('POST', '/api/polls', creator, { question: 'Behind the paywall?', options: ['yes', 'no'], durationSeconds: 60, contentId: liveItemId });
    expect(poll.statusCode).toBe(201);
    const pollId = poll.json().id as number;
    expect((await call('GET', `/api/polls/active?contentId=${liveItemId}`, listener)).statusCode).toBe(403);
    expect((await call('GET', '/api/polls/active', listener)).json().some((p: { id: number }) => p.id === pollId)).toBe(false);
    expect((await call('GET', '/api/polls/active', payingfan)).json().some((p: { id: number }) => p.id === pollId)).toBe(true);
    const refusedVote = await call('POST', '/api/polls/vote', listener, { pollId, optionIndex: 0 });
    expect(refusedVote.statusCode).toBe(403);
    expect(refusedVote.body).toMatch(/subscribers only/);
    expect((await call('POST', '/api/polls/vote', payingfan, { pollId, optionIndex: 1 })).json()).toMatchObject({ optionIndex: 1 });
    const votes = await db().selectFrom('pollVotes').select('optionIndex').where('pollId', '=', pollId).execute();
    expect(votes).toEqual([{ optionIndex: 1 }]);
    expect((await fanHears).id).toBe(pollId);
    await nextEvent(fanSocket, 'poll:tally', (p) => p.pollId === pollId && p.totalVotes === 1);
    // The listener's socket sits in the polls room, where tallies are pushed within a quarter second.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(overheard.created.seen.filter((p) => p.id === pollId)).toEqual([]);
    expect(overheard.tallies.seen.filter((p) => p.pollId === pollId)).toEqual([]);
    // Its end too: the fan's room hears it, the lobby's polls room does not.
    const closedForOthers = collect(socket, 'poll:closed');
    const fanHearsEnd = nextEvent(fanSocket, 'poll:closed', (p) => p.pollId === pollId, 5000);
    await db().updateTable('polls').set({ closesAt: Date.now() + 300 }).where('id', '=', pollId).execute();
    await fanHearsEnd;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closedForOthers.seen.filter((p) => p.pollId === pollId)).toEqual([]);
    const questionsBefore = (await db().selectFrom('questions').select('id').where('contentId', '=', liveItemId).execute()).length;
    expect((await call('POST', '/api/qna/submit', listener, { contentId: liveItemId, question: 'Can I ask without a plan?' })).statusCode).toBe(403);
    expect((await db().selectFrom('questions').select('id').where('contentId', '=', liveItemId).execute()).length).toBe(questionsBefore);
    expect((await call('POST', '/api/qna/submit', payingfan, { contentId: liveItemId, question: 'Worth every penny?' })).statusCode).toBe(201);

    await call('PUT', `/api/content/${liveItemId}/access`, creator, { subscribersOnly: false });
    expect((await playlist('listener')).statusCode).toBe(200);
    await media.close();
  });

  it('sponsorships: an admin offers, a creator with the views applies, the admin accepts and the month is paid through the ledger', async () => {
    const offer = await call('POST', '/api/sponsorships/offers', admin, { sponsorName: 'Acme Audio', title: 'Headphones partner', monthlyAmountCents: 50_000, minMonthlyViews: 1, durationMonths: 6 });
    expect(offer.statusCode).toBe(201);
    const tooBig = await call('POST', '/api/sponsorships/offers', admin, { sponsorName: 'Big Co', title: 'Needs a crowd', monthlyAmountCents: 30_000, minMonthlyViews: 1_000_000, durationMonths: 3 });
    expect((await call('POST', '/api/sponsorships/offers', creator, { sponsorName: 'X', title: 'Y', monthlyAmountCents: 500, minMonthlyViews: 0, durationMonths: 1 })).statusCode).toBe(403);
    expect((await call('POST', '/api/sponsorships/offers', admin, { sponsorName: 'X', title: 'Y', monthlyAmountCents: 5, minMonthlyViews: 0, durationMonths: 1 })).body).toMatch(/^monthlyAmountCents must be at least 100/);

    const offers = (await call('GET', '/api/sponsorships/available', creator)).json();
    const views = Number((await db().selectFrom('viewEvents').innerJoin('content', 'content.id', 'viewEvents.contentId').select((eb) => eb.fn.countAll().as('n')).where('content.creatorId', '=', creatorId).where('viewEvents.createdAt', '>=', Date.now() - 30 * DAY_MS).executeTakeFirstOrThrow()).n);
    expect(offers.find((o: { id: number }) => o.id === offer.json().id)).toMatchObject({ eligible: views >= 1, creatorMonthlyViews: views, application: null });
    expect(offers.find((o: { id: number }) => o.id === tooBig.json().id)).toMatchObject({ eligible: false });
    expect((await call('POST', `/api/sponsorships/offers/${tooBig.json().id}/apply`, creator)).statusCode).toBe(422);
    expect(views).toBeGreaterThan(0);

    expect((await call('POST', `/api/sponsorships/offers/${offer.json().id}/apply`, creator)).statusCode).toBe(201);
    const [application] = (await call('GET', '/api/sponsorships/applications', admin)).json();
    expect((await call('POST', `/api/sponsorships/applications/${application.id}/accept`, creator)).statusCode).toBe(403);
    const before = RevenueSummarySchema.parse((await call('GET', '/api/revenue/summary', creator)).json());
    const accepted = await call('POST', `/api/sponsorships/applications/${application.id}/accept`, admin);
    expect(accepted.json()).toMatchObject({ status: 'accepted', paymentsMade: 1 });
    const after = RevenueSummarySchema.parse((await call('GET', '/api/revenue/summary', creator)).json());
    expect(after.bySource.sponsorship - before.bySource.sponsorship).toBe(50_000);
    expect(after.netCents - before.netCents).toBe(45_000);
    expect((await call('POST', `/api/sponsorships/applications/${application.id}/accept`, admin)).statusCode).toBe(409);
  });
});
