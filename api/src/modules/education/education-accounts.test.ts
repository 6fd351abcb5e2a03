/**
 * Education: domain proof by email, invitations that create or link accounts, existing accounts asked
 * (never made) to join, Enterprise billing at
 * an agreed price and the monthly renewal of paid tiers through the payment provider.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInvitationSchema, CourseProgressSchema, CourseSchema, DAY_MS, INVITATION_TTL_MS, EnrolmentResultSchema, InstitutionSchema, InvitationCreatedSchema, InvitationResentSchema, InvitationViewSchema, MemberAddedSchema, NotificationsSchema, PendingInvitationSchema, type PendingInvitation } from '@onair/protocol';
import { createTestApp, sessionCookie, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { memoryMailer } from '../mail/mailer.ts';
import { EXPIRED_INVITATIONS_KEPT_DAYS, sweepExpiredInvitations } from './invitation-sweep.ts';
import { renewInstitutionTiers } from './tier-billing.ts';

const dialects = await testDialects();
const card = (cardNumber: string) => ({ type: 'card', cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });

describe.each(dialects)('education accounts and billing on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let schoolId: number;
  const mailer = memoryMailer();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, deps: { mailer } });
    [creator, viewer] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123')]);
    schoolId = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Savanna College', type: 'college', domain: 'savanna.edu' })).json()).id;
  });
  afterAll(() => t.close());

  const call = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const lastMail = () => mailer.sent.at(-1)!;

  it('verifies the domain by an email to an administrative mailbox, by its link or its code', { timeout: 90_000 }, async () => {
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/verification-email`, { mailbox: 'student42' })).body).toMatch(/^mailbox must be one of admin/);
    expect((await call(viewer, 'POST', `/api/education-institutions/${schoolId}/verification-email`, { mailbox: 'admin' })).statusCode).toBe(404);
    const sent = await call(creator, 'POST', `/api/education-institutions/${schoolId}/verification-email`, { mailbox: 'webmaster' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: 'webmaster@savanna.edu', delivered: true });
    expect(lastMail()).toMatchObject({ to: 'webmaster@savanna.edu', subject: 'Confirm savanna.edu for Savanna College on OnAir' });
    const code = /this code: ([A-Z0-9]{8})/.exec(lastMail().text)![1]!;
    const link = /(\/api\/education-domain-proofs\/\d+\/[A-Z0-9]{8})/.exec(lastMail().text)![1]!;

    const wrong = await call(creator, 'POST', `/api/education-institutions/${schoolId}/verify-email`, { code: code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toMatch(/^code: this code is wrong or has expired/);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/verify-email`, { code: 'short' })).body).toMatch(/^code must be the 8 letters/);
    expect((await call(creator, 'GET', '/api/education-institutions')).json()[0].verified).toBe(false);

    // Whoever reads the mailbox follows the link, signed in or not.
    const followed = await call(null, 'GET', link);
    expect(followed.statusCode).toBe(200);
    expect(followed.body).toContain('Domain confirmed');
    expect((await call(creator, 'GET', '/api/education-institutions')).json()[0].verified).toBe(true);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/verification-email`, { mailbox: 'admin' })).statusCode).toBe(409);

    // The code path, on a second school.
    const other = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Delta Academy', type: 'high_school', domain: 'delta.sch' })).json()).id;
    await call(creator, 'POST', `/api/education-institutions/${other}/verification-email`, { mailbox: 'admin' });
    const otherCode = /this code: ([A-Z0-9]{8})/.exec(lastMail().text)![1]!;
    expect((await call(null, 'GET', `/api/education-domain-proofs/${other}/ZZZZZZZZ`)).statusCode).toBe(422);
    const verified = await call(creator, 'POST', `/api/education-institutions/${other}/verify-email`, { code: otherCode.toLowerCase() });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: other, verified: true });
  });

  it('invites by email; the invited person creates an account or signs in and joins with the invited role', { timeout: 90_000 }, async () => {
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'nope', role: 'teacher' })).body).toMatch(/^email must be an email address/);
    expect((await call(viewer, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'a@b.org', role: 'teacher' })).statusCode).toBe(404);
    const created = InvitationCreatedSchema.parse((await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'Ada@Savanna.edu', role: 'teacher' })).json());
    expect(created).toEqual({ email: 'ada@savanna.edu', role: 'teacher', delivered: true, link: null });
    expect(lastMail()).toMatchObject({ to: 'ada@savanna.edu', subject: 'You are invited to Savanna College on OnAir' });
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;

    const view = InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${token}`)).json());
    expect(view).toEqual({ institution: { id: schoolId, name: 'Savanna College', type: 'college' }, role: 'teacher', email: 'ada@savanna.edu', placeholderUsername: null, accepted: false, expiresAt: expect.any(String), expired: false });
    // The link works for EMAILED_INVITATION_TTL_DAYS from now.
    expect(Math.abs(Date.parse(view.expiresAt!) - (Date.now() + INVITATION_TTL_MS.email))).toBeLessThan(60_000);
    expect((await call(null, 'POST', `/api/education-invitations/${token}/join`)).statusCode).toBe(401);

    // A new account, then joining with it.
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'ada', email: 'ada@savanna.edu', password: 'lovelace1' } });
    expect(registered.statusCode).toBe(201);
    const ada = sessionCookie(registered);
    const joined = await call(ada, 'POST', `/api/education-invitations/${token}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: schoolId, myRole: 'teacher' });
    expect((await call(ada, 'POST', `/api/education-invitations/${token}/join`)).statusCode).toBe(404);
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${token}`)).json()).accepted).toBe(true);

    // An existing account signs in and joins as a student.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'maya@elsewhere.org', role: 'student' });
    const studentToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect((await call(viewer, 'POST', `/api/education-invitations/${studentToken}/join`)).json()).toMatchObject({ myRole: 'student', students: 1 });
    const { members } = (await call(creator, 'GET', `/api/education-institutions/${schoolId}/members`)).json() as { members: { username: string; role: string }[] };
    expect(members.map((m) => [m.username, m.role]).sort()).toEqual([['ada', 'teacher'], ['creator', 'owner'], ['viewer', 'student']]);
  });

  it('refuses an emailed invitation past its lifetime with 410, joining nobody, says so on its view, and keeps only the newest link', async () => {
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'late@savanna.edu', role: 'student' });
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    const sentAt = Date.now() - (INVITATION_TTL_MS.email + 60_000);
    await t.app.db.kysely.updateTable('institutionRoleInvitations').set({ createdAt: sentAt }).where('email', '=', 'late@savanna.edu').execute();
    const view = InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${token}`)).json());
    expect(view).toMatchObject({ accepted: false, expired: true, expiresAt: new Date(sentAt + INVITATION_TTL_MS.email).toISOString() });
    const listener = await signIn(t.app, 'listener', 'listener123');
    const late = await call(listener, 'POST', `/api/education-invitations/${token}/join`);
    expect(late.statusCode).toBe(410);
    expect(late.body).toMatch(/^token: this invitation expired on .+: ask Savanna College to invite you again$/);
    const { members } = (await call(creator, 'GET', `/api/education-institutions/${schoolId}/members`)).json() as { members: { username: string }[] };
    expect(members.map((m) => m.username)).not.toContain('listener');
    // Inviting the address again sends a link that works, in place of the old one.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'late@savanna.edu', role: 'student' });
    const again = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${again}`)).json()).expired).toBe(false);
    expect((await call(null, 'GET', `/api/education-invitations/${token}`)).statusCode).toBe(404);
    // Sent once more before it was used: only the newest link works.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'late@savanna.edu', role: 'student' });
    const newest = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect((await call(listener, 'POST', `/api/education-invitations/${again}/join`)).statusCode).toBe(404);
    expect((await call(listener, 'POST', `/api/education-invitations/${newest}/join`)).json()).toMatchObject({ myRole: 'student' });
  });

  it('lets an imported student sign in with an account they already have instead of the imported one', { timeout: 90_000 }, async () => {
    const imported = (await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: 'email,firstName,lastName\nkofi@savanna.edu,Kofi,Mensah' })).json();
    const { username, userId, emailed } = imported.enrolled[0];
    // A mail server is configured: the link went to the address, not to the staff's screen.
    expect(emailed).toBe(true);
    expect(imported.enrolled[0].invitationToken).toBeNull();
    expect(lastMail()).toMatchObject({ to: 'kofi@savanna.edu', subject: 'Your Savanna College account on OnAir' });
    const invitationToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${invitationToken}`)).json())).toMatchObject({ role: 'student', placeholderUsername: username, expired: false });
    const listener = await signIn(t.app, 'listener', 'listener123');
    expect((await call(listener, 'POST', `/api/education-invitations/${invitationToken}/join`)).json()).toMatchObject({ myRole: 'student', students: 2 });
    const db = t.database.db.kysely;
    expect(await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()).toBeUndefined();
    // Choosing a password signs the imported account in.
    const second = (await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: 'email,firstName,lastName\nabena@savanna.edu,Abena,Owusu' })).json().enrolled[0];
    const secondToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    const accepted = await call(null, 'POST', '/api/education-invitations/accept', { token: secondToken, password: 'abena-pass' });
    expect(accepted.json()).toEqual({ username: second.username });
    expect((await call(sessionCookie(accepted), 'GET', '/api/user')).json()).toMatchObject({ username: second.username });
  });

  it('asks an existing account to join instead of adding it: it becomes a member, and goes on the roster, only when it accepts', { timeout: 90_000 }, async () => {
    const db = t.database.db.kysely;
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'kwame', email: 'kwame@elsewhere.org', password: 'nkrumah1' } });
    const kwame = sessionCookie(registered);
    const kwameId = (await db.selectFrom('users').select('id').where('username', '=', 'kwame').executeTakeFirstOrThrow()).id;
    const course = CourseSchema.parse((await call(creator, 'POST', '/api/education-courses', { institutionId: schoolId, title: 'Statistics', subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Common Core' })).json());
    const isMember = async () => (await db.selectFrom('institutionMembers').select('role').where('institutionId', '=', schoolId).where('userId', '=', kwameId).executeTakeFirst())?.role ?? null;
    const onRoster = async () => CourseProgressSchema.parse((await call(creator, 'GET', `/api/education-courses/${course.id}/progress`)).json()).students.some((s) => s.username === 'kwame');
    const mine = async (cookie = kwame) => AccountInvitationSchema.array().parse((await call(cookie, 'GET', '/api/user/invitations')).json());

    // Naming a username asks; it adds nobody, and the roster (names, email) shows nobody new.
    const asked = await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'Kwame', role: 'student', courseId: course.id });
    expect(asked.statusCode).toBe(202);
    expect(MemberAddedSchema.parse(asked.json())).toEqual({ userId: kwameId, username: 'kwame', role: 'student', status: 'invited' });
    expect(await isMember()).toBeNull();
    expect(await onRoster()).toBe(false);
    expect((await call(creator, 'GET', `/api/education-institutions/${schoolId}/members`)).json().members.some((m: { username: string }) => m.username === 'kwame')).toBe(false);
    const note = await db.selectFrom('notifications').select(['text', 'kind', 'link']).where('userId', '=', kwameId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note).toEqual({ text: 'creator invited you to join Savanna College as a student. Accept or decline on your Education page.', kind: 'admin_message', link: '/education-mode' });
    const [invitation] = await mine();
    expect(invitation).toMatchObject({ institution: { id: schoolId, name: 'Savanna College', type: 'college' }, role: 'student', courseTitle: 'Statistics', invitedBy: 'creator' });

    // Only its addressee answers it; asking again replaces it.
    expect(await mine(viewer)).toEqual([]);
    expect((await call(viewer, 'POST', `/api/user/invitations/${invitation!.id}/accept`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/invitations/${invitation!.id}`, headers: { cookie: viewer } })).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/user/invitations/${invitation!.id}/accept`)).statusCode).toBe(401);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'kwame', role: 'teacher' })).statusCode).toBe(202);
    expect((await mine()).map((i) => [i.role, i.courseTitle])).toEqual([['teacher', null]]);

    // Left unanswered past its lifetime: gone from the list, accepting it answers 410; asking again renews it.
    const [waiting] = await mine();
    expect(Date.parse(waiting!.expiresAt) - Date.parse(waiting!.createdAt)).toBe(INVITATION_TTL_MS.account);
    await db.updateTable('institutionAccountInvitations').set({ createdAt: Date.now() - INVITATION_TTL_MS.account - 60_000 }).where('id', '=', waiting!.id).execute();
    expect(await mine()).toEqual([]);
    const late = await call(kwame, 'POST', `/api/user/invitations/${waiting!.id}/accept`);
    expect(late.statusCode).toBe(410);
    expect(late.body).toMatch(/^id: this invitation expired on .+: ask Savanna College to invite you again$/);
    expect(await isMember()).toBeNull();
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'kwame', role: 'teacher' })).statusCode).toBe(202);
    expect((await mine()).map((i) => i.role)).toEqual(['teacher']);

    // Declined: gone, and still nobody's member.
    const declined = await t.app.inject({ method: 'DELETE', url: `/api/user/invitations/${(await mine())[0]!.id}`, headers: { cookie: kwame } });
    expect(declined.statusCode).toBe(204);
    expect(await mine()).toEqual([]);
    expect(await isMember()).toBeNull();
    const ownerId = (await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow()).id;
    const lastToOwner = async () => (await db.selectFrom('notifications').select('text').where('userId', '=', ownerId).orderBy('id', 'desc').executeTakeFirstOrThrow()).text;
    expect(await lastToOwner()).toBe('kwame declined your invitation to join Savanna College as a teacher.');

    // Accepted: a student, on the roster the invitation named.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'kwame', role: 'student', courseId: course.id });
    const accepted = await call(kwame, 'POST', `/api/user/invitations/${(await mine())[0]!.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(InstitutionSchema.parse(accepted.json())).toMatchObject({ id: schoolId, myRole: 'student' });
    expect(await isMember()).toBe('student');
    expect(await onRoster()).toBe(true);
    expect(await lastToOwner()).toBe('kwame accepted your invitation and joined Savanna College as a student.');
    expect(await mine()).toEqual([]);

    // Someone already a student goes on another roster at once; a CSV row with an outsider's email asks them.
    const other = CourseSchema.parse((await call(creator, 'POST', '/api/education-courses', { institutionId: schoolId, title: 'Calculus', subject: 'Mathematics', gradeLevel: '11th Grade', curriculum: 'Common Core' })).json());
    const added = await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'kwame', role: 'student', courseId: other.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ status: 'added' });
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'kwame', role: 'teacher' })).body).toBe('username: kwame is already a student here');
    const outsider = await db.selectFrom('users').select(['id', 'email']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const imported = EnrolmentResultSchema.parse((await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: `email,firstName,lastName\n${outsider.email},Ad,Min`, courseId: other.id })).json());
    expect(imported.enrolled).toEqual([{ line: 2, userId: null, username: null, email: outsider.email, created: false, invited: true, invitationToken: null, emailed: false }]);
    expect(await db.selectFrom('institutionMembers').select('role').where('institutionId', '=', schoolId).where('userId', '=', outsider.id).executeTakeFirst()).toBeUndefined();
    const adminCookie = await signIn(t.app, 'admin', 'admin123');
    expect((await mine(adminCookie)).map((i) => [i.institution.name, i.courseTitle])).toEqual([['Savanna College', 'Calculus']]);
    // Joining the same school by an email invitation's link leaves nothing pending to answer.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: outsider.email, role: 'student' });
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect((await call(adminCookie, 'POST', `/api/education-invitations/${token}/join`)).json()).toMatchObject({ id: schoolId, myRole: 'student' });
    expect(await mine(adminCookie)).toEqual([]);
  });

  it('bills Enterprise at the agreed price to the owner and renews paid tiers monthly, returning to Basic when a renewal is refused', { timeout: 90_000 }, async () => {
    const admin = await signIn(t.app, 'admin', 'admin123');
    expect((await call(admin, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'enterprise', priceCents: 50000 })).body).toMatch(/^paymentMethodId: the institution’s owner has no default payment method/);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'premium', priceCents: 100 })).body).toMatch(/^priceCents: Premium has a list price/);
    const good = (await call(creator, 'POST', '/api/payment-methods/add', card('4242424242424242'))).json();
    const enterprise = await call(admin, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'enterprise', priceCents: 50000 });
    expect(enterprise.statusCode).toBe(200);
    expect(enterprise.json()).toMatchObject({ institution: { subscriptionTier: 'enterprise' }, payment: { amountCents: 50000, currency: 'USD', testMode: true } });
    const db = t.database.db.kysely;
    const owner = await db.selectFrom('users').select('id').where('username', '=', 'creator').executeTakeFirstOrThrow();
    expect(await db.selectFrom('payments').select(['payerId', 'amountCents', 'source', 'paymentMethodId']).where('amountCents', '=', 50000).execute()).toEqual([
      { payerId: owner.id, amountCents: 50000, source: 'subscription', paymentMethodId: good.id },
    ]);

    const month = 32 * DAY_MS;
    const twice = await Promise.all([renewInstitutionTiers(t.app, Date.now() + month), renewInstitutionTiers(t.app, Date.now() + month)]);
    expect(twice[0].renewed + twice[1].renewed).toBe(1);
    expect(await db.selectFrom('institutionPayments').select('amountCents').where('institutionId', '=', schoolId).execute()).toEqual([{ amountCents: 50000 }, { amountCents: 50000 }]);

    const declined = (await call(creator, 'POST', '/api/payment-methods/add', card('4000000000000002'))).json();
    await db.updateTable('institutions').set({ paymentMethodId: declined.id }).where('id', '=', schoolId).execute();
    expect(await renewInstitutionTiers(t.app, Date.now() + 3 * month)).toEqual({ renewed: 0, lapsed: 1 });
    expect((await call(creator, 'GET', '/api/education-institutions')).json().find((i: { id: number }) => i.id === schoolId).subscriptionTier).toBe('basic');
    const note = await db.selectFrom('notifications').select('text').where('userId', '=', owner.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(note.text).toBe('Savanna College: the Enterprise plan could not be renewed (Your card was declined.); the institution is on Basic now.');
  });

  it('deletes invitations expired for longer than EXPIRED_INVITATIONS_KEPT_DAYS, keeping those expired since and used links', async () => {
    const db = t.database.db.kysely;
    const now = Date.now();
    const kept = EXPIRED_INVITATIONS_KEPT_DAYS * DAY_MS;
    const tokens: Record<string, string> = {};
    for (const email of ['long-gone@savanna.edu', 'lately@savanna.edu']) {
      await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email, role: 'student' });
      tokens[email] = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    }
    const emailedAt = (email: string, createdAt: number) => db.updateTable('institutionRoleInvitations').set({ createdAt }).where('email', '=', email).execute();
    await emailedAt('long-gone@savanna.edu', now - INVITATION_TTL_MS.email - kept - DAY_MS);
    await emailedAt('lately@savanna.edu', now - INVITATION_TTL_MS.email - DAY_MS);
    const ancient = now - 10 * 365 * DAY_MS;
    await db.insertInto('institutionRoleInvitations').values({ tokenHash: 'used-long-ago', institutionId: schoolId, email: 'used@savanna.edu', role: 'student', invitedBy: null, createdAt: ancient, acceptedAt: ancient, acceptedBy: null }).execute();
    const [listener, admin] = await Promise.all(['listener', 'admin'].map((username) => db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()));
    const asked = { institutionId: schoolId, role: 'student' as const, courseId: null, invitedBy: null };
    await db.insertInto('institutionAccountInvitations').values([
      { ...asked, userId: listener!.id, createdAt: now - INVITATION_TTL_MS.account - kept - DAY_MS },
      { ...asked, userId: admin!.id, createdAt: now - INVITATION_TTL_MS.account - DAY_MS },
    ]).execute();
    // An imported account's link unused since long ago goes; one it used stays, whatever its age.
    await db.insertInto('institutionInvitations').values([
      { tokenHash: 'import-long-gone', institutionId: schoolId, userId: listener!.id, createdAt: now - INVITATION_TTL_MS.import - kept - DAY_MS, acceptedAt: null },
      { tokenHash: 'import-used-long-ago', institutionId: schoolId, userId: admin!.id, createdAt: ancient, acceptedAt: ancient },
    ]).execute();

    expect(await sweepExpiredInvitations(db, now)).toBe(3);
    expect((await call(null, 'GET', `/api/education-invitations/${tokens['long-gone@savanna.edu']}`)).statusCode).toBe(404);
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${tokens['lately@savanna.edu']}`)).json()).expired).toBe(true);
    expect(await db.selectFrom('institutionRoleInvitations').select('email').where('tokenHash', '=', 'used-long-ago').execute()).toEqual([{ email: 'used@savanna.edu' }]);
    const waiting = await db.selectFrom('institutionAccountInvitations').select('userId').where('institutionId', '=', schoolId).where('userId', 'in', [listener!.id, admin!.id]).execute();
    expect(waiting).toEqual([{ userId: admin!.id }]);
    expect(await db.selectFrom('institutionInvitations').select('tokenHash').where('tokenHash', 'like', 'import-%').execute()).toEqual([{ tokenHash: 'import-used-long-ago' }]);
    expect(await sweepExpiredInvitations(db, now)).toBe(0);
    await db.deleteFrom('institutionAccountInvitations').where('userId', '=', admin!.id).execute();
  });

  it('lists the invitations waiting for an answer to the staff, and withdraws one within the caller’s reach', async () => {
    const db = t.database.db.kysely;
    const withdraw = (cookie: string | null, payload: object) =>
      t.app.inject({ method: 'DELETE', url: `/api/education-institutions/${schoolId}/invitations`, headers: cookie ? { cookie } : {}, payload });
    const waiting = async (cookie = creator) => PendingInvitationSchema.array().parse((await call(cookie, 'GET', `/api/education-institutions/${schoolId}/invitations`)).json());
    const ours = (list: PendingInvitation[]) => list.filter((i) => ['ama', 'pending-student@savanna.edu', 'pending-teacher@savanna.edu'].includes(i.invitee));

    await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'ama', email: 'ama@elsewhere.org', password: 'ama-password-1' } });
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'ama', role: 'student' })).statusCode).toBe(202);
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'pending-student@savanna.edu', role: 'student' });
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'Pending-Teacher@savanna.edu', role: 'teacher' });
    const listed = ours(await waiting());
    // Newest first (these three may share a millisecond).
    expect(listed.map((i) => [i.kind, i.invitee, i.role, i.invitedBy, i.expired])).toEqual(
      expect.arrayContaining([
        ['email', 'pending-teacher@savanna.edu', 'teacher', 'creator', false],
        ['email', 'pending-student@savanna.edu', 'student', 'creator', false],
        ['account', 'ama', 'student', 'creator', false],
      ]),
    );
    expect(listed).toHaveLength(3);
    expect([...listed].sort((a, b) => b.sentAt.localeCompare(a.sentAt))).toEqual(listed);
    const ama = listed.find((i) => i.invitee === 'ama')!;
    expect(Date.parse(ama.expiresAt) - Date.parse(ama.sentAt)).toBe(INVITATION_TTL_MS.account);
    const link = listed.find((i) => i.kind === 'email')!;
    expect(Date.parse(link.expiresAt) - Date.parse(link.sentAt)).toBe(INVITATION_TTL_MS.email);

    // Outsiders see nothing; a teacher sees the list and withdraws students' invitations, not teachers'.
    expect((await call(null, 'GET', `/api/education-institutions/${schoolId}/invitations`)).statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'kofi', email: 'kofi@elsewhere.org', password: 'kofi-password-1' } });
    const kofi = await signIn(t.app, 'kofi', 'kofi-password-1');
    expect((await call(kofi, 'GET', `/api/education-institutions/${schoolId}/invitations`)).statusCode).toBe(404);
    const kofiId = (await db.selectFrom('users').select('id').where('username', '=', 'kofi').executeTakeFirstOrThrow()).id;
    await db.insertInto('institutionMembers').values({ institutionId: schoolId, userId: kofiId, role: 'student', createdAt: Date.now() }).execute();
    expect((await call(kofi, 'GET', `/api/education-institutions/${schoolId}/invitations`)).body).toBe('Only owner or teacher members of this institution may do this');
    await db.updateTable('institutionMembers').set({ role: 'teacher' }).where('institutionId', '=', schoolId).where('userId', '=', kofiId).execute();
    expect(ours(await waiting(kofi))).toEqual(listed);
    const refused = await withdraw(kofi, { kind: 'email', invitee: 'pending-teacher@savanna.edu' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toBe('invitee: a teacher cannot withdraw an invitation to a teacher');
    expect((await withdraw(kofi, { kind: 'account', invitee: 'AMA' })).statusCode).toBe(204);
    expect((await withdraw(kofi, { kind: 'email', invitee: 'Pending-Student@savanna.edu' })).statusCode).toBe(204);
    // Gone from the list, from the person's own list, and its link no longer works.
    expect(ours(await waiting()).map((i) => i.invitee)).toEqual(['pending-teacher@savanna.edu']);
    const amaCookie = await signIn(t.app, 'ama', 'ama-password-1');
    expect((await call(amaCookie, 'GET', '/api/user/invitations')).json()).toEqual([]);
    // Told, by a notification that also makes an open Education page read its list again.
    expect(NotificationsSchema.parse((await call(amaCookie, 'GET', '/api/notifications')).json()).items[0]).toMatchObject({
      text: 'kofi withdrew the invitation to join Savanna College as a student.',
      link: '/education-mode',
    });
    const again = await withdraw(creator, { kind: 'account', invitee: 'ama' });
    expect(again.statusCode).toBe(404);
    expect(again.body).toBe('invitee: no invitation to ama is waiting');
    expect((await withdraw(creator, { kind: 'email', invitee: 'pending-teacher@savanna.edu' })).statusCode).toBe(204);

    for (const [payload, error] of [
      [{ kind: 'sms', invitee: 'x' }, /^kind must be email or account/],
      [{ kind: 'email' }, /^invitee is required/],
      [{ kind: 'email', invitee: 'x'.repeat(255) }, /^invitee must be at most 254 characters/],
    ] as const) {
      const bad = await withdraw(creator, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(error);
    }
    expect((await withdraw(null, { kind: 'email', invitee: 'pending-teacher@savanna.edu' })).statusCode).toBe(401);
  });

  it('resends a waiting invitation, expired or not: a new link for an address, a renewed request for an account', async () => {
    const db = t.database.db.kysely;
    const resend = (cookie: string | null, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/education-institutions/${schoolId}/invitations/resend`, headers: cookie ? { cookie } : {}, payload });
    const waitingFor = async (invitee: string) =>
      PendingInvitationSchema.array().parse((await call(creator, 'GET', `/api/education-institutions/${schoolId}/invitations`)).json()).find((i) => i.invitee === invitee);
    const monthAgo = Date.now() - 31 * DAY_MS;

    // An emailed link past its lifetime: resending mails a new one and the old one stops working.
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'slow.reader@savanna.edu', role: 'student' });
    const oldToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    await db.updateTable('institutionRoleInvitations').set({ createdAt: monthAgo }).where('email', '=', 'slow.reader@savanna.edu').execute();
    expect(await waitingFor('slow.reader@savanna.edu')).toMatchObject({ expired: true });
    const mailed = await resend(creator, { kind: 'email', invitee: 'Slow.Reader@savanna.edu' });
    expect(mailed.statusCode).toBe(200);
    const resent = InvitationResentSchema.parse(mailed.json());
    expect(resent).toMatchObject({ delivered: true, link: null });
    expect(Math.abs(Date.parse(resent.expiresAt) - (Date.now() + INVITATION_TTL_MS.email))).toBeLessThan(60_000);
    expect(lastMail()).toMatchObject({ to: 'slow.reader@savanna.edu', subject: 'You are invited to Savanna College on OnAir' });
    const newToken = /\/invitation\/([A-Za-z0-9_-]+)/.exec(lastMail().text)![1]!;
    expect(newToken).not.toBe(oldToken);
    expect((await call(null, 'GET', `/api/education-invitations/${oldToken}`)).statusCode).toBe(404);
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${newToken}`)).json())).toMatchObject({ role: 'student', expired: false });
    expect(await waitingFor('slow.reader@savanna.edu')).toMatchObject({ role: 'student', expired: false, expiresAt: resent.expiresAt });

    // An account's request, expired: renewed with its roster, back on the person's list, and told again.
    await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'yaw', email: 'yaw@elsewhere.org', password: 'yaw-password-1' } });
    const course = CourseSchema.parse((await call(creator, 'POST', '/api/education-courses', { institutionId: schoolId, title: 'Resent Maths', subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Common Core' })).json());
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'yaw', role: 'student', courseId: course.id })).statusCode).toBe(202);
    const yaw = await signIn(t.app, 'yaw', 'yaw-password-1');
    const yawId = (await db.selectFrom('users').select('id').where('username', '=', 'yaw').executeTakeFirstOrThrow()).id;
    await db.updateTable('institutionAccountInvitations').set({ createdAt: monthAgo }).where('userId', '=', yawId).execute();
    expect((await call(yaw, 'GET', '/api/user/invitations')).json()).toEqual([]);
    await db.deleteFrom('notifications').where('userId', '=', yawId).execute();
    const asked = await resend(creator, { kind: 'account', invitee: 'YAW' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ delivered: true, link: null });
    expect(AccountInvitationSchema.array().parse((await call(yaw, 'GET', '/api/user/invitations')).json())).toEqual([expect.objectContaining({ role: 'student', courseTitle: 'Resent Maths' })]);
    const told = await db.selectFrom('notifications').select('text').where('userId', '=', yawId).execute();
    expect(told).toEqual([{ text: 'creator invited you to join Savanna College as a student. Accept or decline on your Education page.' }]);
    expect(await waitingFor('yaw')).toMatchObject({ expired: false, courseTitle: 'Resent Maths' });

    // Within the same reach as withdrawing; refusals and mistakes write nothing.
    await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'esi', email: 'esi@elsewhere.org', password: 'esi-password-1' } });
    const esi = await signIn(t.app, 'esi', 'esi-password-1');
    const esiId = (await db.selectFrom('users').select('id').where('username', '=', 'esi').executeTakeFirstOrThrow()).id;
    await db.insertInto('institutionMembers').values({ institutionId: schoolId, userId: esiId, role: 'teacher', createdAt: Date.now() }).execute();
    await call(creator, 'POST', `/api/education-institutions/${schoolId}/invitations`, { email: 'new.teacher@savanna.edu', role: 'teacher' });
    const mailsBefore = mailer.sent.length;
    const refused = await resend(esi, { kind: 'email', invitee: 'new.teacher@savanna.edu' });
    expect([refused.statusCode, refused.body]).toEqual([403, 'invitee: a teacher cannot resend an invitation to a teacher']);
    expect((await resend(esi, { kind: 'email', invitee: 'slow.reader@savanna.edu' })).statusCode).toBe(200);
    const unknown = await resend(creator, { kind: 'account', invitee: 'nobody-here' });
    expect([unknown.statusCode, unknown.body]).toEqual([404, 'invitee: no invitation to nobody-here is waiting']);
    expect((await resend(creator, { kind: 'sms', invitee: 'x' })).body).toMatch(/^kind must be email or account/);
    expect((await resend(null, { kind: 'email', invitee: 'new.teacher@savanna.edu' })).statusCode).toBe(401);
    expect((await resend(viewer, { kind: 'email', invitee: 'new.teacher@savanna.edu' })).body).toBe('Only owner or teacher members of this institution may do this');
    expect(mailer.sent.length).toBe(mailsBefore + 1);
  });
});
