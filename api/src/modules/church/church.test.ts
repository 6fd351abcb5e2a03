import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChurchPageSchema, ChurchSchema, DAY_MS, GiftSchema, GivingSummarySchema, PrayerRequestSchema, SermonSchema, ServiceSchema } from '@onair/protocol';
import { createTestApp, listen, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { closeAllSockets, collect, connectSocket, nextEvent } from '../../../test/support/sockets.ts';
import { chargeDueRecurringGifts } from './giving.ts';
import { extractPdfText } from '../../../test/support/pdf-text.ts';
import { nextOccurrence } from './schedule.ts';

const dialects = await testDialects();

describe('weekly service times', () => {
  it('finds the next start on the wall clock of the service’s time zone, across daylight saving', () => {
    // Saturday 2026-03-28 12:00 UTC; London moves to summer time on Sunday 29 March.
    const saturday = Date.UTC(2026, 2, 28, 12, 0);
    expect(new Date(nextOccurrence(0, '10:00', 'Europe/London', saturday)).toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(new Date(nextOccurrence(6, '18:30', 'America/New_York', saturday)).toISOString()).toBe('2026-03-28T22:30:00.000Z');
    // Already past today: next week.
    expect(new Date(nextOccurrence(6, '08:00', 'UTC', saturday)).toISOString()).toBe('2026-04-04T08:00:00.000Z');
    expect(new Date(nextOccurrence(1, '09:00', 'Africa/Lagos', saturday)).toISOString()).toBe('2026-03-30T08:00:00.000Z');
  });
});

describe.each(dialects)('church mode on %s', (dialect) => {
  let t: TestApp;
  let url: string;
  let creator: string;
  let viewer: string;
  let listener: string;
  let churchId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, });
    url = await listen(t);
    [creator, viewer, listener] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => t.close());

  const card = (cardNumber: string) => ({ type: 'card', cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });
  const call = (cookie: string, method: 'GET' | 'POST', path: string, payload?: unknown) =>
    t.app.inject({ method, url: path, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates a church owned by its creator, schedules a weekly service and goes live through the creator tools', { timeout: 90_000 }, async () => {
    const bad = await call(creator, 'POST', '/api/churches', { name: 'Grace Chapel', timeZone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^timeZone must be a time zone name/);
    const created = await call(creator, 'POST', '/api/churches', { name: 'Grace Chapel', timeZone: 'Africa/Accra' });
    expect(created.statusCode).toBe(201);
    const church = ChurchSchema.parse(created.json());
    expect(church).toMatchObject({ name: 'Grace Chapel', myRole: 'owner', ownerName: 'creator', timeZone: 'Africa/Accra' });
    churchId = church.id;
    // Its owner founding it twice gets a 409; another person's church may share its name.
    expect((await call(creator, 'POST', '/api/churches', { name: 'GRACE CHAPEL', timeZone: 'Africa/Accra' })).body).toBe('name: you already run Grace Chapel');
    expect((await call(listener, 'POST', '/api/churches', { name: 'Grace Chapel', timeZone: 'Europe/London' })).statusCode).toBe(201);

    expect((await call(viewer, 'POST', `/api/churches/${churchId}/services`, { title: 'Sunday Worship', weekday: 0, time: '10:00', timeZone: 'Africa/Accra' })).statusCode).toBe(403);
    const badTime = await call(creator, 'POST', `/api/churches/${churchId}/services`, { title: 'Sunday Worship', weekday: 0, time: '25:00', timeZone: 'Africa/Accra' });
    expect(badTime.body).toMatch(/^time must be HH:MM/);
    const service = ServiceSchema.parse((await call(creator, 'POST', `/api/churches/${churchId}/services`, { title: 'Sunday Worship', weekday: 0, time: '10:00', timeZone: 'Africa/Accra' })).json());
    expect(new Date(service.nextAt).getUTCDay()).toBe(0);
    expect(new Date(service.nextAt).getUTCHours()).toBe(10);

    const page = ChurchPageSchema.parse((await call(viewer, 'GET', `/api/churches/${churchId}`)).json());
    expect(page).toMatchObject({ live: null, church: { myRole: null }, team: [{ username: 'creator', role: 'owner' }] });
    expect((await call(viewer, 'POST', `/api/church-services/${service.id}/start`)).statusCode).toBe(403);
    const live = ChurchPageSchema.parse((await call(creator, 'POST', `/api/church-services/${service.id}/start`)).json());
    expect(live.live).toMatchObject({ serviceId: service.id, title: 'Sunday Worship' });
    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${live.live!.contentId}` })).json();
    expect(item).toMatchObject({ status: 'live', title: 'Sunday Worship · Grace Chapel' });
    expect((await call(creator, 'POST', `/api/church-services/${service.id}/start`)).statusCode).toBe(409);
  });

  it('pushes a prayer request live to the pastoral team, keeps team-only ones private and tells the author when prayed for', { timeout: 90_000 }, async () => {
    // Asked, not added: the listener is on the team (named on the page, reading its prayers) once they accept.
    const asked = await call(creator, 'POST', `/api/churches/${churchId}/team`, { username: 'listener' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().team.map((t: { username: string }) => t.username)).toEqual(['creator']);
    const [invitation] = (await call(listener, 'GET', '/api/user/invitations')).json();
    expect(invitation).toMatchObject({ institution: { id: churchId, type: 'church' }, role: 'pastor', invitedBy: 'creator' });
    expect((await call(listener, 'POST', `/api/user/invitations/${invitation.id}/accept`)).statusCode).toBe(200);
    expect((await call(creator, 'POST', `/api/churches/${churchId}/team`, { username: 'listener' })).statusCode).toBe(200);
    const [owner, pastor, author] = [await connectSocket(url, creator), await connectSocket(url, listener), await connectSocket(url, viewer)];
    const authorSees = collect(author, 'prayer:new');
    const atOwner = nextEvent(owner, 'prayer:new', () => true, 20_000);
    const atPastor = nextEvent(pastor, 'prayer:new', () => true, 20_000);
    const posted = await call(viewer, 'POST', `/api/churches/${churchId}/prayer-requests`, { body: 'Please pray for my mother’s surgery on Friday', visibility: 'team' });
    expect(posted.statusCode).toBe(201);
    const request = PrayerRequestSchema.parse(posted.json());
    expect(await atOwner).toEqual(request);
    expect(await atPastor).toEqual(request);
    expect(authorSees.seen).toEqual([]);

    const bad = await call(viewer, 'POST', `/api/churches/${churchId}/prayer-requests`, { body: '  ', visibility: 'team' });
    expect(bad.body).toMatch(/^body is required/);
    expect((await call(viewer, 'POST', `/api/churches/${churchId}/prayer-requests`, { body: 'x', visibility: 'everyone' })).body).toMatch(/^visibility must be public or team/);

    // Moderation as in chat: masked, and held off the public wall.
    const rude = PrayerRequestSchema.parse((await call(viewer, 'POST', `/api/churches/${churchId}/prayer-requests`, { body: 'pray this shit stops', visibility: 'public' })).json());
    expect(rude.body).not.toMatch(/shit/);
    expect(rude.flagged).toMatch(/Profanity/);
    const wall = PrayerRequestSchema.array().parse((await call(creator, 'GET', `/api/churches/${churchId}/prayer-requests`)).json());
    expect(wall.map((r) => r.id)).toEqual([rude.id, request.id]);
    const admin = await signIn(t.app, 'admin', 'admin123');
    expect((await call(admin, 'GET', `/api/churches/${churchId}/prayer-requests`)).json()).toHaveLength(2);
    const strangerCookie = (await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'stranger', email: 'stranger@example.com', password: 'stranger123' } }));
    const stranger = `onair.sid=${strangerCookie.cookies.find((c) => c.name === 'onair.sid')!.value}`;
    expect((await call(stranger, 'GET', `/api/churches/${churchId}/prayer-requests`)).json()).toEqual([]);

    expect((await call(viewer, 'POST', `/api/prayer-requests/${request.id}/prayed`)).statusCode).toBe(403);
    const notified = nextEvent(author, 'notification:new', () => true, 20_000);
    const updatedAtAuthor = nextEvent(author, 'prayer:updated', () => true, 20_000);
    const prayed = PrayerRequestSchema.parse((await call(listener, 'POST', `/api/prayer-requests/${request.id}/prayed`)).json());
    expect(prayed).toMatchObject({ prayedBy: 'listener' });
    expect((await notified).text).toBe('Grace Chapel: the pastoral team prayed for your request.');
    expect((await updatedAtAuthor).prayedAt).toBe(prayed.prayedAt);
  });

  it('keeps a searchable sermon archive', async () => {
    const db = t.database.db.kysely;
    const creatorId = (await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    const item = await db.selectFrom('content').select('id').where('creatorId', '=', creatorId).orderBy('id').executeTakeFirstOrThrow();
    const add = (payload: object) => call(creator, 'POST', `/api/churches/${churchId}/sermons`, payload);
    // Someone else's recording is not this church's sermon: refused, and nothing filed.
    const others = await db.selectFrom('content').select('id').where((eb) => eb.or([eb('creatorId', '!=', creatorId), eb('creatorId', 'is', null)])).executeTakeFirstOrThrow();
    const refused = await add({ contentId: others.id, title: 'Borrowed', speaker: 'Someone else', preachedOn: '2026-01-01' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatch(/^contentId: only recordings made by this church's pastoral team/);
    expect(await db.selectFrom('sermons').select('id').where('contentId', '=', others.id).execute()).toEqual([]);
    expect((await add({ contentId: item.id, title: 'Salt and light', speaker: 'Rev. Ama', preachedOn: '2026-13-01' })).body).toMatch(/^preachedOn must be a date/);
    expect((await add({ contentId: item.id, title: 'Salt and light', speaker: 'Rev. Ama Owusu', series: 'Sermon on the Mount', scripture: 'Matthew 5:13-16', preachedOn: '2026-02-01' })).statusCode).toBe(201);
    expect((await add({ contentId: item.id, title: 'The prodigal', speaker: 'Pastor Kwame', scripture: 'Luke 15:11-32', preachedOn: '2026-03-01' })).statusCode).toBe(201);
    const search = async (q: string) => SermonSchema.array().parse((await call(viewer, 'GET', `/api/churches/${churchId}/sermons?q=${encodeURIComponent(q)}`)).json()).map((s) => s.title);
    expect(await search('')).toEqual(['The prodigal', 'Salt and light']);
    expect(await search('MATTHEW')).toEqual(['Salt and light']);
    expect(await search('kwame')).toEqual(['The prodigal']);
    expect(await search('mount')).toEqual(['Salt and light']);
    expect(await search('100%')).toEqual([]);
  });

  it('charges gifts through the payment provider before booking them, and writes the member’s statement as CSV and PDF', { timeout: 90_000 }, async () => {
    const db = t.database.db.kysely;
    const bad = await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 50, fund: 'tithe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^amountCents must be at least 100/);
    const noMethod = await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 2500, fund: 'tithe' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.body).toMatch(/^paymentMethodId: add a payment method first/);

    // A declined card: 402 with the provider's reason, and nothing booked (no gift, payment, ledger line or plan).
    const declined = (await call(viewer, 'POST', '/api/payment-methods/add', card('4000000000000002'))).json();
    const refused = await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 2500, fund: 'tithe', interval: 'monthly', paymentMethodId: declined.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toBe('Your card was declined.');
    expect(await db.selectFrom('churchGifts').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('churchRecurringGifts').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('payments').select('id').where('source', '=', 'tithe').execute()).toEqual([]);

    const visa = (await call(viewer, 'POST', '/api/payment-methods/add', { ...card('4242424242424242'), makeDefault: true })).json();
    const titheResponse = await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 2500, currency: 'USD', fund: 'tithe', paymentMethodId: visa.id, idempotencyKey: 'tithe-key-1' });
    expect(titheResponse.statusCode).toBe(201);
    const tithe = GiftSchema.parse(titheResponse.json());
    expect(tithe).toMatchObject({ amountCents: 2500, currency: 'USD', fund: 'tithe', recurring: false, testMode: true });
    expect(tithe.paymentReference).toMatch(/^test_pi_/);
    // A retry with the same key answers the same gift and charges nothing more.
    expect(GiftSchema.parse((await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 2500, fund: 'tithe', paymentMethodId: visa.id, idempotencyKey: 'tithe-key-1' })).json()).id).toBe(tithe.id);
    const monthly = GiftSchema.parse((await call(viewer, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 1050, fund: 'offering', interval: 'monthly' })).json());
    expect(monthly).toMatchObject({ recurring: true, currency: 'USD' });

    // On the ledger: a succeeded tithe payment to the church's owner, less the platform fee.
    const owner = await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    const payments = await db.selectFrom('payments').selectAll().where('source', '=', 'tithe').orderBy('id').execute();
    expect(payments.map((p) => [p.amountCents, p.creatorId, p.status, p.providerRef])).toEqual([
      [2500, owner.id, 'succeeded', tithe.paymentReference],
      [1050, owner.id, 'succeeded', monthly.paymentReference],
    ]);
    const entries = await db.selectFrom('ledgerEntries').selectAll().where('paymentId', '=', payments[0]!.id).execute();
    expect(entries.reduce((sum, e) => sum + Number(e.amountCents), 0)).toBe(2500 - Math.round(2500 * (t.config.platformFeePercent / 100)));

    const listenerCard = (await call(listener, 'POST', '/api/payment-methods/add', card('5555555555554444'))).json();
    expect((await call(listener, 'POST', `/api/churches/${churchId}/gifts`, { amountCents: 9999, fund: 'offering', paymentMethodId: listenerCard.id })).statusCode).toBe(201);

    const year = new Date().getUTCFullYear();
    const summary = GivingSummarySchema.parse((await call(viewer, 'GET', `/api/churches/${churchId}/gifts?year=${year}`)).json());
    expect(summary.gifts.map((g) => g.amountCents)).toEqual([2500, 1050]);
    expect(summary.totals).toEqual([{ currency: 'USD', amountCents: 3550 }]);
    expect(summary.recurring).toHaveLength(1);
    // Someone else's monthly gift, or none, is not found; the giver's own stops (twice is still done).
    const stop = (cookie: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/church-recurring-gifts/${id}`, headers: { cookie } });
    const giftId = summary.recurring[0]!.id;
    expect((await stop(listener, giftId)).statusCode).toBe(404);
    expect((await stop(viewer, 999_999)).statusCode).toBe(404);
    expect(GivingSummarySchema.parse((await call(viewer, 'GET', `/api/churches/${churchId}/gifts?year=${new Date().getUTCFullYear()}`)).json()).recurring).toHaveLength(1);

    const statement = await call(viewer, 'GET', `/api/churches/${churchId}/giving-statement.csv?year=${year}`);
    expect(statement.headers['content-type']).toMatch(/^text\/csv/);
    const lines = statement.body.trim().split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['Giving statement,Grace Chapel', 'Member,Maya Lopez (viewer)', `Year,${year}`]);
    expect(lines.filter((l) => /^\d{4}-\d\d-\d\d,/.test(l))).toEqual([
      `${tithe.createdAt.slice(0, 10)},tithe,25.00,USD,one-off,${tithe.paymentReference},test mode`,
      `${monthly.createdAt.slice(0, 10)},offering,10.50,USD,monthly,${monthly.paymentReference},test mode`,
    ]);
    expect(lines.at(-1)).toBe('Total,,35.50,USD,,,');
    expect((await call(viewer, 'GET', `/api/churches/${churchId}/giving-statement.csv?year=1999`)).body).toMatch(/^year must be a year/);
    expect((await call(viewer, 'GET', `/api/churches/${churchId}/gifts?year=${year - 1}`)).json().gifts).toEqual([]);

    const pdf = await call(viewer, 'GET', `/api/churches/${churchId}/giving-statement.pdf?year=${year}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = extractPdfText(pdf.rawPayload);
    expect(text).toContain(`Giving statement ${year}`);
    expect(text).toContain('Member: Maya Lopez (viewer)');
    expect(text).toContain('35.50 USD');
    expect(text).toContain(tithe.paymentReference);
    expect(text).not.toContain('99.99');
    expect((await call(viewer, 'GET', `/api/churches/${churchId}/giving-statement.pdf?year=1999`)).statusCode).toBe(400);

    // A month on, the monthly gift is charged again to its card, once, even when two sweeps run together.
    const viewerId = (await db.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow()).id;
    const later = Date.now() + 32 * DAY_MS;
    const counts = await Promise.all([chargeDueRecurringGifts(t.app, later), chargeDueRecurringGifts(t.app, later)]);
    expect(counts[0] + counts[1]).toBe(1);
    const gifts = await db.selectFrom('churchGifts').select(['amountCents', 'recurringId']).where('donorId', '=', viewerId).execute();
    expect(gifts.filter((g) => g.recurringId !== null).map((g) => g.amountCents)).toEqual([1050, 1050]);
    expect(await db.selectFrom('payments').select('paymentMethodId').where('payerId', '=', viewerId).where('source', '=', 'tithe').where('amountCents', '=', 1050).execute()).toEqual([
      { paymentMethodId: visa.id },
      { paymentMethodId: visa.id },
    ]);

    // A monthly plan on a card that is declined later stops, and its giver is told why.
    const plan = await db.selectFrom('churchRecurringGifts').select('id').where('donorId', '=', viewerId).executeTakeFirstOrThrow();
    await db.updateTable('churchRecurringGifts').set({ paymentMethodId: declined.id }).where('id', '=', plan.id).execute();
    expect(await chargeDueRecurringGifts(t.app, later + 32 * DAY_MS)).toBe(0);
    expect(await db.selectFrom('churchRecurringGifts').select('cancelledAt').where('id', '=', plan.id).executeTakeFirstOrThrow()).not.toEqual({ cancelledAt: null });
    const note = await db.selectFrom('notifications').select('text').where('userId', '=', viewerId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.text).toBe('Grace Chapel: your monthly gift could not be charged (Your card was declined.) and has been stopped.');
  });
});
