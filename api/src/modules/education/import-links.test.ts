/**
 * Imported accounts' links: mailed at import when a mail server takes them (shown to the staff when it
 * refuses one, is down, or is too slow for the import to wait), and made again from the Members list
 * by staff within reach, the old link then dead (as is one past its lifetime);
 * an emailed invitation the server refuses, whose link goes to the inviter instead; and a domain proof it
 * refuses, which is an error (its code must reach the mailbox, no one else).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountInvitationSchema,
  EnrolmentResultSchema,
  ImportLinkSentSchema,
  InstitutionSchema,
  InvitationCreatedSchema,
  INVITATION_TTL_MS,
  InvitationViewSchema,
  MembersPageSchema,
  type MembersPage,
} from '@onair/protocol';
import { createTestApp, sessionCookie, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { memoryMailer, type Mailer } from '../mail/mailer.ts';
import { INVITED_PASSWORD_HASH } from './invitation-tokens.ts';

const dialects = await testDialects();

/**
 * The batch wait of the app under test: a slow server's third round of messages (rounds of four, one a
 * connection) starts after it, at 2 × SLOW_SEND_MS, and its second well before it. At 150 ms a message
 * the third round was due at the wait itself, and a Node timer that fires a millisecond early (its
 * clock is read once per turn of the event loop) started it in time on a fast machine: all 12 mailed.
 */
const MAIL_BATCH_WAIT_MS = 300;
const SLOW_SEND_MS = 200;

/**
 * A mail server that takes every message but those to a `bounce@` address or the bounce.sch domain; it
 * is down for the down.sch domain and takes SLOW_SEND_MS over each message to slow.sch.
 */
function bouncingMailer() {
  const kept = memoryMailer();
  const mailer: Mailer = {
    delivers: true,
    async send(message) {
      // As nodemailer reports a recipient the server refused, and a server it cannot reach.
      if (message.to.startsWith('bounce@') || message.to.endsWith('@bounce.sch')) throw Object.assign(new Error('550 mailbox unavailable'), { code: 'EENVELOPE' });
      if (message.to.endsWith('@down.sch')) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' });
      if (message.to.endsWith('@slow.sch')) await new Promise((resolve) => setTimeout(resolve, SLOW_SEND_MS));
      await kept.send(message);
    },
  };
  return { mailer, sent: kept.sent };
}

describe.each(dialects)('imported accounts’ links, and mail the server refuses, on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let listener: string;
  const { mailer, sent } = bouncingMailer();
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, deps: { mailer }, env: { MAIL_BATCH_WAIT_MS: String(MAIL_BATCH_WAIT_MS) } });
    [creator, viewer, listener] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
  });
  afterAll(() => t.close());

  const call = (cookie: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const tokenOf = (link: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(link)![1]!;
  const mailTo = (to: string) => sent.filter((m) => m.to === to).at(-1);
  const works = async (token: string) => (await call(null, 'GET', `/api/education-invitations/${token}`)).statusCode === 200;

  it('mails each new account its link, shows the staff the ones mail refused, and makes a new link on request', { timeout: 90_000 }, async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Lagoon School', type: 'high_school', domain: 'lagoon.sch' })).json());
    for (const [username, role] of [['viewer', 'teacher'], ['listener', 'student']] as const) {
      await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username, role });
    }
    for (const cookie of [viewer, listener]) {
      for (const invitation of AccountInvitationSchema.array().parse((await call(cookie, 'GET', '/api/user/invitations')).json())) {
        await call(cookie, 'POST', `/api/user/invitations/${invitation.id}/accept`);
      }
    }

    const result = EnrolmentResultSchema.parse(
      (await call(viewer, 'POST', `/api/education-institutions/${school.id}/enrolments`, { csv: 'email,firstName,lastName\nama@lagoon.sch,Ama,Boateng\nbounce@lagoon.sch,Kwame,Asante' })).json(),
    );
    const [ama, bounced] = result.enrolled;
    expect(result.mailStopped).toBeNull();
    expect(ama).toMatchObject({ email: 'ama@lagoon.sch', created: true, emailed: true, invitationToken: null });
    expect(bounced).toMatchObject({ email: 'bounce@lagoon.sch', created: true, emailed: false });
    expect(bounced!.invitationToken).toBeTruthy();
    const mail = mailTo('ama@lagoon.sch')!;
    expect(mail.subject).toBe('Your Lagoon School account on OnAir');
    expect(mail.text).toContain(`viewer made you an account on OnAir to join Lagoon School as a student (username ${ama!.username})`);
    const firstToken = tokenOf(mail.text);
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${firstToken}`)).json()).placeholderUsername).toBe(ama!.username);

    const url = (userId: number | string) => `/api/education-institutions/${school.id}/members/${userId}/link`;
    const ids = Object.fromEntries(((await call(creator, 'GET', `/api/education-institutions/${school.id}/members`)).json() as MembersPage).members.map((m) => [m.username, m.userId]));

    // Refusals name the field and leave the link as it was.
    expect((await call(null, 'POST', url(ama!.userId!))).statusCode).toBe(401);
    const byStudent = await call(listener, 'POST', url(ama!.userId!));
    expect(byStudent.statusCode).toBe(403);
    const outOfReach = await call(viewer, 'POST', url(ids.creator!));
    expect([outOfReach.statusCode, outOfReach.body]).toEqual([403, 'userId: a teacher cannot send an owner a link']);
    const signedIn = await call(creator, 'POST', url(ids.listener!));
    expect([signedIn.statusCode, signedIn.body]).toEqual([409, 'userId: listener has chosen a password already and signs in with it']);
    expect((await call(creator, 'POST', url(999_999))).body).toBe('userId: no member with that id in this school');
    const bad = await call(creator, 'POST', url('abc'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^userId/);
    expect(await works(firstToken)).toBe(true);

    // A teacher makes Ama a new link: mailed, and the first one stops working.
    const again = ImportLinkSentSchema.parse((await call(viewer, 'POST', url(ama!.userId!))).json());
    expect(again).toEqual({ delivered: true, link: null });
    const secondToken = tokenOf(mailTo('ama@lagoon.sch')!.text);
    expect(secondToken).not.toBe(firstToken);
    expect([await works(firstToken), await works(secondToken)]).toEqual([false, true]);

    // Mail refused again: the new link comes back to the staff instead.
    const handed = ImportLinkSentSchema.parse((await call(creator, 'POST', url(bounced!.userId!))).json());
    expect(handed.delivered).toBe(false);
    expect(handed.link).toMatch(/\/invitation\/[A-Za-z0-9_-]+$/);
    expect([await works(bounced!.invitationToken!), await works(tokenOf(handed.link!))]).toEqual([false, true]);

    // A link past its lifetime shows as expired and is refused, writing nothing; a new one works again.
    const bouncedLink = tokenOf(handed.link!);
    const db = t.app.db.kysely;
    const sentAt = Date.now() - INVITATION_TTL_MS.import - 60_000;
    await db.updateTable('institutionInvitations').set({ createdAt: sentAt }).where('userId', '=', bounced!.userId!).where('acceptedAt', 'is', null).execute();
    const view = InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${bouncedLink}`)).json());
    expect(view).toMatchObject({ expired: true, expiresAt: new Date(sentAt + INVITATION_TTL_MS.import).toISOString(), placeholderUsername: bounced!.username });
    const late = await call(null, 'POST', '/api/education-invitations/accept', { token: bouncedLink, password: 'kwame-reef' });
    expect([late.statusCode, late.body]).toEqual([410, expect.stringMatching(/^token: this invitation expired on .+: ask Lagoon School for a new link$/)]);
    expect(late.headers['set-cookie']).toBeUndefined();
    const lateJoin = await call(listener, 'POST', `/api/education-invitations/${bouncedLink}/join`);
    expect([lateJoin.statusCode, lateJoin.body]).toEqual([410, expect.stringMatching(/: ask Lagoon School for a new link$/)]);
    const stillWaiting = await db.selectFrom('users').select('passwordHash').where('id', '=', bounced!.userId!).executeTakeFirstOrThrow();
    expect(stillWaiting.passwordHash).toBe(INVITED_PASSWORD_HASH);
    // The staff's list says when each waiting account's link stops working, so they know to make another.
    const memberRow = async (userId: number) => MembersPageSchema.parse((await call(creator, 'GET', `/api/education-institutions/${school.id}/members`)).json()).members.find((m) => m.userId === userId)!;
    expect((await memberRow(bounced!.userId!)).linkExpiresAt).toBe(view.expiresAt);
    const renewed = ImportLinkSentSchema.parse((await call(creator, 'POST', url(bounced!.userId!))).json());
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${tokenOf(renewed.link!)}`)).json()).expired).toBe(false);
    expect(Date.parse((await memberRow(bounced!.userId!)).linkExpiresAt!)).toBeGreaterThan(Date.now() + INVITATION_TTL_MS.import - 60_000);
    expect((await memberRow(ids.listener!)).linkExpiresAt).toBeNull();

    // Once Ama has chosen a password, there is no link to make.
    const accepted = await call(null, 'POST', '/api/education-invitations/accept', { token: secondToken, password: 'ama-lagoon' });
    expect(accepted.json()).toEqual({ username: ama!.username });
    expect((await call(sessionCookie(accepted), 'GET', '/api/user')).json()).toMatchObject({ username: ama!.username });
    expect((await call(viewer, 'POST', url(ama!.userId!))).statusCode).toBe(409);
  });

  it('hands the staff the links it could not mail in time, or at all, and says why', async () => {
    const importInto = async (name: string, domain: string) => {
      const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name, type: 'high_school', domain })).json());
      const rows = Array.from({ length: 12 }, (_, i) => `pupil${i}@${domain},Pupil,${i}`);
      return EnrolmentResultSchema.parse((await call(creator, 'POST', `/api/education-institutions/${school.id}/enrolments`, { csv: ['email,firstName,lastName', ...rows].join('\n') })).json());
    };
    // Slow: the first rounds go by mail, none is started after the wait, and the rest come back as links.
    const slow = await importInto('Slow School', 'slow.sch');
    expect(slow.mailStopped).toBe('out of time');
    const emailed = slow.enrolled.filter((e) => e.emailed);
    const handed = slow.enrolled.filter((e) => e.invitationToken);
    expect(emailed.length).toBeGreaterThanOrEqual(4);
    expect(handed.length).toBeGreaterThanOrEqual(1);
    expect(emailed.length + handed.length).toBe(12);
    for (const entry of emailed) expect(mailTo(entry.email)).toBeDefined();
    for (const entry of handed) {
      expect(mailTo(entry.email)).toBeUndefined();
      expect(await works(entry.invitationToken!)).toBe(true);
    }
    // Down: nothing goes, every link comes back at once.
    const down = await importInto('Down School', 'down.sch');
    expect(down.mailStopped).toBe('server failed');
    expect(down.enrolled.map((e) => [e.emailed, Boolean(e.invitationToken)])).toEqual(Array.from({ length: 12 }, () => [false, true]));
  });

  it('gives the inviter the link of an emailed invitation the mail server refused', async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Reef School', type: 'high_school', domain: 'reef.sch' })).json());
    const sent = await call(creator, 'POST', `/api/education-institutions/${school.id}/invitations`, { email: 'bounce@reef.sch', role: 'teacher' });
    expect(sent.statusCode).toBe(201);
    const created = InvitationCreatedSchema.parse(sent.json());
    expect(created).toMatchObject({ email: 'bounce@reef.sch', role: 'teacher', delivered: false });
    expect(InvitationViewSchema.parse((await call(null, 'GET', `/api/education-invitations/${tokenOf(created.link!)}`)).json())).toMatchObject({ role: 'teacher', expired: false });
    const delivered = InvitationCreatedSchema.parse((await call(creator, 'POST', `/api/education-institutions/${school.id}/invitations`, { email: 'staff@reef.sch', role: 'teacher' })).json());
    expect(delivered).toMatchObject({ delivered: true, link: null });
    expect(mailTo('staff@reef.sch')!.subject).toBe('You are invited to Reef School on OnAir');
  });

  it('answers 502 for a domain proof the mail server refused, leaving no code in force', async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Bounce School', type: 'high_school', domain: 'bounce.sch' })).json());
    const refused = await call(creator, 'POST', `/api/education-institutions/${school.id}/verification-email`, { mailbox: 'admin' });
    expect([refused.statusCode, refused.body]).toEqual([502, 'mailbox: the mail server did not take the message to admin@bounce.sch; try again later']);
    const row = await t.app.db.kysely.selectFrom('institutions').select(['verificationEmail', 'verificationCodeHash']).where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ verificationEmail: null, verificationCodeHash: null });
  });
});
