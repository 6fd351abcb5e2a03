/**
 * Removing members, leaving, and handing a school or church to another owner: who may do each, what
 * goes with a place (rosters, an unclaimed enrolment account), and what moves with ownership.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInvitationSchema, CourseSchema, EnrolmentResultSchema, InstitutionSchema, NotificationsSchema, type MembersPage } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const dialects = await testDialects();

describe.each(dialects)('membership changes on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let listener: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED });
    [creator, viewer, listener] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
    for (const name of ['creator', 'viewer', 'listener']) ids[name] = (await t.app.db.kysely.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const call = (cookie: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  /** Accepts every invitation waiting for this account. */
  const acceptAll = async (cookie: string) => {
    for (const invitation of AccountInvitationSchema.array().parse((await call(cookie, 'GET', '/api/user/invitations')).json())) {
      expect((await call(cookie, 'POST', `/api/user/invitations/${invitation.id}/accept`)).statusCode).toBe(200);
    }
  };
  const members = async (institutionId: number, cookie = creator) => ((await call(cookie, 'GET', `/api/education-institutions/${institutionId}/members?pageSize=100`)).json() as MembersPage).members.map((m) => `${m.username}:${m.role}`).sort();
  const latestNotice = async (cookie: string) => NotificationsSchema.parse((await call(cookie, 'GET', '/api/notifications')).json()).items[0]?.text;

  it('lists members a page at a time, newest first, found by name, username or email, and names a bad page or search', async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Quay School', type: 'high_school', domain: 'quay.sch' })).json());
    const rows = Array.from({ length: 24 }, (_, i) => `pupil${String(i).padStart(2, '0')}@quay.sch,Pupil,Number${i}`);
    const csv = ['email,firstName,lastName', ...rows, 'efua.quartey@quay.sch,Efua,Quartey'].join('\n');
    expect(EnrolmentResultSchema.parse((await call(creator, 'POST', `/api/education-institutions/${school.id}/enrolments`, { csv })).json()).enrolled).toHaveLength(25);
    const page = async (query: string) => {
      const response = await call(creator, 'GET', `/api/education-institutions/${school.id}/members?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json() as MembersPage;
    };
    const first = await page('pageSize=10');
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 10 });
    expect(first.members).toHaveLength(10);
    // The owner joined first, so comes last; the pages together hold everyone once.
    const pages = [first, await page('pageSize=10&page=2'), await page('pageSize=10&page=3')];
    expect(pages.map((p) => p.members.length)).toEqual([10, 10, 6]);
    const everyone = pages.flatMap((p) => p.members.map((m) => m.username));
    expect(new Set(everyone).size).toBe(26);
    expect(everyone.at(-1)).toBe('creator');
    expect((await page('page=4&pageSize=10')).members).toEqual([]);
    // Found by last name, by both names, by a piece of the email, whatever the case; `%` is a character.
    const found = async (search: string) => (await page(`search=${encodeURIComponent(search)}`)).members.map((m) => m.email);
    expect(await found('quartey')).toEqual(['efua.quartey@quay.sch']);
    expect(await found('EFUA QUARTEY')).toEqual(['efua.quartey@quay.sch']);
    expect(await found('pupil07@')).toEqual(['pupil07@quay.sch']);
    expect(await found('%')).toEqual([]);
    expect(await page('search=number1')).toMatchObject({ total: 11 });
    expect((await page('role=owner')).members.map((m) => m.username)).toEqual(['creator']);
    // Bad input names the field.
    for (const [query, text] of [
      ['pageSize=0', 'pageSize must be at least 1'],
      ['pageSize=101', 'pageSize must be at most 100'],
      ['page=abc', 'page must be a number'],
      [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
      ['role=pope', 'role must be a known role'],
    ] as const) {
      const response = await call(creator, 'GET', `/api/education-institutions/${school.id}/members?${query}`);
      expect([response.statusCode, response.body]).toEqual([400, expect.stringContaining(text)]);
    }
  });

  it('removes members within each role’s reach, lets anyone but the owner leave, and takes their rosters and unclaimed accounts with them', async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Harbour School', type: 'high_school', domain: 'harbour.sch' })).json());
    await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'viewer', role: 'teacher' });
    await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'listener', role: 'student' });
    await Promise.all([acceptAll(viewer), acceptAll(listener)]);
    const course = CourseSchema.parse((await call(creator, 'POST', '/api/education-courses', { institutionId: school.id, title: 'Tides', subject: 'Geography', gradeLevel: '9th Grade', curriculum: 'Custom Curriculum' })).json());
    await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'listener', role: 'student', courseId: course.id });
    const enrolled = EnrolmentResultSchema.parse((await call(viewer, 'POST', `/api/education-institutions/${school.id}/enrolments`, { csv: 'email,firstName,lastName\nnew.pupil@harbour.sch,New,Pupil', courseId: course.id })).json());
    const pupil = enrolled.enrolled[0]!;
    expect(pupil.invitationToken).toBeTruthy();
    const pupilId = (await t.app.db.kysely.selectFrom('users').select('id').where('email', '=', 'new.pupil@harbour.sch').executeTakeFirstOrThrow()).id;
    expect(await members(school.id)).toEqual(['creator:owner', 'listener:student', `${pupil.username}:student`, 'viewer:teacher'].sort());

    const url = (userId: number | string) => `/api/education-institutions/${school.id}/members/${userId}`;
    // Refusals write nothing.
    expect((await call(null, 'DELETE', url(ids.viewer!))).statusCode).toBe(401);
    const byStudent = await call(listener, 'DELETE', url(ids.viewer!));
    expect(byStudent.statusCode).toBe(403);
    expect(byStudent.body).toBe('userId: a student cannot remove a teacher');
    const owner = await call(viewer, 'DELETE', url(ids.creator!));
    expect(owner.statusCode).toBe(409);
    expect(owner.body).toBe('userId: creator owns Harbour School and cannot be removed');
    const ownerLeaving = await call(creator, 'DELETE', url(ids.creator!));
    expect(ownerLeaving.statusCode).toBe(409);
    expect(ownerLeaving.body).toBe('userId: you own Harbour School: hand it to a teacher first (Members), then leave');
    expect((await call(creator, 'DELETE', url(999_999))).body).toBe('userId: no member with that id in this school');
    expect((await call(creator, 'DELETE', url('abc'))).statusCode).toBe(400);
    expect((await call(creator, 'DELETE', url('abc'))).body).toMatch(/^userId/);
    expect(await members(school.id)).toHaveLength(4);

    // A teacher removes the student the enrolment made: the unclaimed account and its link go too.
    expect((await call(viewer, 'DELETE', url(pupilId))).statusCode).toBe(204);
    expect(await t.app.db.kysely.selectFrom('users').select('id').where('id', '=', pupilId).executeTakeFirst()).toBeUndefined();
    expect((await call(null, 'GET', `/api/education-invitations/${pupil.invitationToken}`)).statusCode).toBe(404);

    // A student leaves: off the school and its rosters, and the school is gone from their list.
    expect((await call(listener, 'DELETE', url(ids.listener!))).statusCode).toBe(204);
    expect(await members(school.id)).toEqual(['creator:owner', 'viewer:teacher']);
    expect(await t.app.db.kysely.selectFrom('courseEnrolments').select('userId').where('courseId', '=', course.id).execute()).toEqual([]);
    expect(((await call(listener, 'GET', '/api/education-institutions')).json() as { id: number }[]).map((i) => i.id)).not.toContain(school.id);
    expect((await call(listener, 'DELETE', url(ids.listener!))).statusCode).toBe(404);
    // A student leaving is not (the staff see the list change).
    expect(await latestNotice(creator)).not.toMatch(/listener.*left/);

    // The owner removes a teacher, who is told.
    expect((await call(creator, 'DELETE', url(ids.viewer!))).statusCode).toBe(204);
    expect(await latestNotice(viewer)).toBe('Harbour School: creator removed you from the school.');
    expect(await members(school.id)).toEqual(['creator:owner']);
  });

  it('hands a school to one of its teachers, who owns it, bills it and may be left by the old owner; the old owner stays a teacher', async () => {
    const school = InstitutionSchema.parse((await call(creator, 'POST', '/api/education-institutions', { name: 'Cove Academy', type: 'high_school', domain: 'cove.sch' })).json());
    await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'viewer', role: 'teacher' });
    await call(creator, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'listener', role: 'student' });
    await Promise.all([acceptAll(viewer), acceptAll(listener)]);
    await t.app.db.kysely.updateTable('institutions').set({ subscriptionTier: 'premium', tierPriceCents: 2900, tierPeriodEnd: Date.UTC(2030, 0, 15), paymentMethodId: 1 }).where('id', '=', school.id).execute();
    const url = `/api/education-institutions/${school.id}/owner`;

    expect((await call(creator, 'POST', url, {})).body).toMatch(/^userId/);
    expect((await call(viewer, 'POST', url, { userId: ids.viewer })).statusCode).toBe(403);
    const toStudent = await call(creator, 'POST', url, { userId: ids.listener });
    expect(toStudent.statusCode).toBe(409);
    expect(toStudent.body).toBe('userId: listener is a student here: only a teacher of this school can be handed it');
    expect((await call(creator, 'POST', url, { userId: ids.creator })).body).toBe('userId: creator already owns Cove Academy');
    expect((await call(creator, 'POST', url, { userId: 999_999 })).statusCode).toBe(404);

    const tokenOf = async () => (await t.app.db.kysely.selectFrom('institutions').select('verificationToken').where('id', '=', school.id).executeTakeFirstOrThrow()).verificationToken;
    const oldToken = await tokenOf();
    const handed = await call(creator, 'POST', url, { userId: ids.viewer });
    expect(handed.statusCode).toBe(200);
    expect(InstitutionSchema.parse(handed.json())).toMatchObject({ id: school.id, ownerName: 'viewer', myRole: 'teacher' });
    expect(await members(school.id)).toEqual(['creator:teacher', 'listener:student', 'viewer:owner']);
    const row = await t.app.db.kysely.selectFrom('institutions').select(['ownerId', 'paymentMethodId', 'subscriptionTier']).where('id', '=', school.id).executeTakeFirstOrThrow();
    // The old owner's card stops paying; the plan stays and renews on the new owner's default method.
    expect(row).toEqual({ ownerId: ids.viewer, paymentMethodId: null, subscriptionTier: 'premium' });
    // Its domain, not proven yet, is the new owner's to prove with a token of their own.
    expect(await tokenOf()).not.toBe(oldToken);
    expect(await latestNotice(viewer)).toBe('creator handed Cove Academy to you: you are its owner now. Its Premium plan renews on 2030-01-15 with your default payment method.');
    // The new owner does what only owners may; the old one no longer can, and may leave now.
    expect((await call(creator, 'POST', url, { userId: ids.creator })).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `/api/education-institutions/${school.id}/verification`)).statusCode).toBe(200);
    expect((await call(creator, 'DELETE', `/api/education-institutions/${school.id}/members/${ids.creator}`)).statusCode).toBe(204);
    expect(await members(school.id, viewer)).toEqual(['listener:student', 'viewer:owner']);
    // A teacher leaving is news to the owner.
    expect(await latestNotice(viewer)).toBe('Cove Academy: creator, a teacher, left the school.');
  });

  it('hands a church to a pastor, not to a member, and the new owner may remove members', async () => {
    const church = (await call(creator, 'POST', '/api/churches', { name: 'Lighthouse Chapel', timeZone: 'Europe/London' })).json() as { id: number };
    await call(creator, 'POST', `/api/churches/${church.id}/team`, { username: 'viewer' });
    await acceptAll(viewer);
    expect((await call(listener, 'POST', `/api/churches/${church.id}/join`)).statusCode).toBe(200);
    const url = `/api/education-institutions/${church.id}/owner`;
    expect((await call(creator, 'POST', url, { userId: ids.listener })).body).toBe('userId: listener is a member here: only a pastor of this church can be handed it');
    expect((await call(creator, 'POST', url, { userId: ids.viewer })).statusCode).toBe(200);
    expect(await members(church.id)).toEqual(['creator:pastor', 'listener:member', 'viewer:owner']);
    expect((await call(creator, 'DELETE', `/api/education-institutions/${church.id}/members/${ids.viewer}`)).body).toBe('userId: viewer owns Lighthouse Chapel and cannot be removed');
    expect((await call(viewer, 'DELETE', `/api/education-institutions/${church.id}/members/${ids.listener}`)).statusCode).toBe(204);
    expect(await latestNotice(listener)).toBe('Lighthouse Chapel: viewer removed you from the church.');
  });

  it('lets an owner delete their account once the school is handed over', async () => {
    const school = InstitutionSchema.parse((await call(listener, 'POST', '/api/education-institutions', { name: 'Pier School', type: 'high_school', domain: 'pier.sch' })).json());
    await call(listener, 'POST', `/api/education-institutions/${school.id}/members`, { username: 'viewer', role: 'teacher' });
    await acceptAll(viewer);
    const refused = await call(listener, 'DELETE', '/api/user', { password: 'listener123' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatch(/^You own Pier School, whose members' places depend on it: hand it to a teacher or pastor first/);
    expect((await call(listener, 'POST', `/api/education-institutions/${school.id}/owner`, { userId: ids.viewer })).statusCode).toBe(200);
    expect((await call(listener, 'DELETE', '/api/user', { password: 'listener123' })).statusCode).toBe(204);
    expect(((await call(viewer, 'GET', '/api/education-institutions')).json() as { id: number; myRole: string }[]).find((i) => i.id === school.id)?.myRole).toBe('owner');
  });
});
