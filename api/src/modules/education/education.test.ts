import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CourseProgressSchema, CourseSchema, EnrolmentResultSchema, InstitutionAnalyticsSchema, InstitutionSchema, LiveClassSchema, StudentProgressSchema } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import type { TxtResolver } from './domain-verification.ts';

const dialects = await testDialects();

/** DNS as the test says it is: no network. */
const txt = new Map<string, string[]>();
const fakeResolver: TxtResolver = { resolveTxt: async (name) => txt.get(name) ?? [] };

function studentsCsv(count: number, from = 1, extra: string[] = []) {
  const rows = Array.from({ length: count }, (_, i) => `pupil${from + i}@school.test,Pupil,Number ${from + i}`);
  return ['email,firstName,lastName', ...rows, ...extra].join('\n');
}

describe.each(dialects)('education mode on %s', (dialect) => {
  let t: TestApp;
  let creator: string;
  let viewer: string;
  let listener: string;
  let schoolId: number;
  let courseId: number;
  let lessonContentId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, deps: { txtResolver: fakeResolver } });
    [creator, viewer, listener] = await Promise.all([signIn(t.app, 'creator', 'creator123'), signIn(t.app, 'viewer', 'viewer123'), signIn(t.app, 'listener', 'listener123')]);
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const count = async (table: 'institutions' | 'institutionMembers' | 'users' | 'courses') =>
    Number((await t.database.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('registers an institution from the form values, with its creator as owner, and refuses bad input naming the field', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/education-institutions' })).statusCode).toBe(401);
    const before = await count('institutions');
    for (const [payload, message] of [
      [{ type: 'university', domain: 'x.edu' }, /^name is required/],
      [{ name: 'A', type: 'church', domain: 'x.edu' }, /^type must be one of/],
      [{ name: 'A', type: 'college', domain: 'not a domain' }, /^domain must be a domain name/],
    ] as const) {
      const response = await call(creator, 'POST', '/api/education-institutions', payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(message);
    }
    expect(await count('institutions')).toBe(before);

    const created = await call(creator, 'POST', '/api/education-institutions', { name: ' Harmattan High ', type: 'high_school', domain: 'Harmattan.EDU' });
    expect(created.statusCode).toBe(201);
    const school = InstitutionSchema.parse(created.json());
    expect(school).toMatchObject({ name: 'Harmattan High', type: 'high_school', domain: 'harmattan.edu', verified: false, subscriptionTier: 'basic', ownerName: 'creator', myRole: 'owner', students: 0 });
    schoolId = school.id;
    // The same owner founding it again (a double press, a second try) meets a clear 409, and writes nothing.
    const twice = await call(creator, 'POST', '/api/education-institutions', { name: 'harmattan high', type: 'high_school', domain: 'other.edu' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toBe('name: you already run Harmattan High');
    const sameDomain = await call(creator, 'POST', '/api/education-institutions', { name: 'Harmattan Annex', type: 'high_school', domain: 'harmattan.edu' });
    expect(sameDomain.body).toBe('domain: you registered harmattan.edu already, for Harmattan High');
    expect(await count('institutions')).toBe(before + 1);
    expect(InstitutionSchema.array().parse((await call(creator, 'GET', '/api/education-institutions')).json()).map((i) => i.id)).toEqual([schoolId]);
    expect((await call(viewer, 'GET', '/api/education-institutions')).json()).toEqual([]);
  });

  it('verifies the domain from a DNS TXT record, and only for the owner', async () => {
    expect((await call(viewer, 'POST', `/api/education-institutions/${schoolId}/verification`)).statusCode).toBe(404);
    const challenge = (await call(creator, 'POST', `/api/education-institutions/${schoolId}/verification`)).json();
    expect(challenge).toMatchObject({ method: 'dns', recordName: '_onair.harmattan.edu' });
    const early = await call(creator, 'POST', `/api/education-institutions/${schoolId}/verify`);
    expect(early.statusCode).toBe(422);
    expect(early.body).toMatch(/^domain: no TXT record/);
    txt.set('_onair.harmattan.edu', ['v=spf1 -all', challenge.recordValue]);
    const verified = await call(creator, 'POST', `/api/education-institutions/${schoolId}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().verified).toBe(true);
    // A proved domain is no one else's to register.
    const taken = await call(viewer, 'POST', '/api/education-institutions', { name: 'Not Harmattan', type: 'academy', domain: 'harmattan.edu' });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toBe('domain: harmattan.edu is already verified by another institution');
  });

  it('creates a course and adds one of the creator’s items as its first lesson', async () => {
    const bad = await call(creator, 'POST', '/api/education-courses', { institutionId: schoolId, title: 'Algebra', subject: 'Maths', gradeLevel: '10th Grade', curriculum: 'Common Core' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^subject must be one of/);
    expect((await call(viewer, 'POST', '/api/education-courses', { institutionId: schoolId, title: 'Algebra', subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Common Core' })).statusCode).toBe(404);

    const created = await call(creator, 'POST', '/api/education-courses', {
      institutionId: schoolId, title: 'Algebra I', subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Cambridge International', objectives: ['Solve linear equations'],
    });
    expect(created.statusCode).toBe(201);
    courseId = CourseSchema.parse(created.json()).id;

    const item = await t.database.db.kysely.selectFrom('content').innerJoin('users', 'users.id', 'content.creatorId').select(['content.id', 'content.durationSeconds']).where('users.username', '=', 'creator').where('content.durationSeconds', '>', 60).orderBy('content.id').executeTakeFirstOrThrow();
    lessonContentId = item.id;
    const tooMany = await call(creator, 'POST', '/api/education-content', { contentId: item.id, courseId, subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Common Core', learningObjectives: Array.from({ length: 31 }, () => 'x') });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toMatch(/^learningObjectives must have at most 30 entries/);
    const lesson = await call(creator, 'POST', '/api/education-content', { contentId: item.id, courseId, subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Cambridge International', learningObjectives: ['Graph a line'] });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json()).toMatchObject({ contentId: item.id, position: 1, learningObjectives: ['Graph a line'] });
    expect((await call(creator, 'POST', '/api/education-content', { contentId: item.id, courseId, subject: 'Mathematics', gradeLevel: '10th Grade', curriculum: 'Common Core' })).statusCode).toBe(409);
    const course = CourseSchema.parse((await call(creator, 'GET', `/api/education-courses/${courseId}`)).json());
    expect(course.lessons.map((l) => l.contentId)).toEqual([item.id]);
    expect(course.objectives).toEqual(['Solve linear equations']);
  });

  it('enrols 28 of 30 CSV rows, reports the two bad ones by line number, and links existing accounts', { timeout: 90_000 }, async () => {
    const rows = Array.from({ length: 28 }, (_, i) => (i === 0 ? 'viewer@onair.local,Maya,Lopez' : `pupil${i}@school.test,Pupil,Number ${i}`));
    rows.splice(4, 0, 'not-an-email,Bad,Row'); // line 6
    rows.splice(19, 0, 'pupil3@school.test,Again,Twice'); // line 21: duplicate of line 5
    const csv = ['email,firstName,lastName', ...rows].join('\n');
    const usersBefore = await count('users');
    const response = await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv, courseId });
    expect(response.statusCode).toBe(200);
    const result = EnrolmentResultSchema.parse(response.json());
    expect(result.enrolled).toHaveLength(28);
    expect(result.errors).toEqual([
      { line: 6, reason: '"not-an-email" is not a valid email address' },
      { line: 21, reason: 'pupil3@school.test already appears on line 5' },
    ]);
    // An existing account is asked, not enrolled: it joins, and enters the roster, when it accepts.
    // Nor does the school learn whose account the address is until its owner says yes.
    expect(result.enrolled.find((e) => e.email === 'viewer@onair.local')).toEqual({ line: 2, userId: null, username: null, email: 'viewer@onair.local', created: false, invited: true, invitationToken: null, emailed: false });
    expect((await call(creator, 'GET', `/api/education-institutions/${schoolId}/members?pageSize=100`)).json().members.some((m: { username: string }) => m.username === 'viewer')).toBe(false);
    const [asked] = (await call(viewer, 'GET', '/api/user/invitations')).json() as { id: number; courseTitle: string }[];
    expect(asked).toMatchObject({ courseTitle: 'Algebra I' });
    expect((await call(viewer, 'POST', `/api/user/invitations/${asked!.id}/accept`)).json()).toMatchObject({ id: schoolId, myRole: 'student', students: 28 });
    expect(result.enrolled.filter((e) => e.created)).toHaveLength(27);
    expect(await count('users')).toBe(usersBefore + 27);

    // An invited student chooses a password and can then sign in.
    const invited = result.enrolled.find((e) => e.created)!;
    const accept = await t.app.inject({ method: 'POST', url: '/api/education-invitations/accept', payload: { token: invited.invitationToken, password: 'chalkboard' } });
    expect(accept.json()).toEqual({ username: invited.username });
    await signIn(t.app, invited.username!, 'chalkboard');
    expect((await t.app.inject({ method: 'POST', url: '/api/education-invitations/accept', payload: { token: invited.invitationToken, password: 'again123' } })).statusCode).toBe(404);

    const malformed = await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: 'email,firstName\n"unterminated,x' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toMatch(/^csv: line/);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: 'name\nx' })).body).toMatch(/^csv: the header row must name an email column/);
    expect((await call(viewer, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv })).statusCode).toBe(403);
  });

  it('enforces the Basic tier at 100 students, writing nothing, until the school moves to Premium', { timeout: 90_000 }, async () => {
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: studentsCsv(72, 100) })).json().enrolled).toHaveLength(72);
    const members = await count('institutionMembers');
    const users = await count('users');
    const over = await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: studentsCsv(2, 500) });
    expect(over.statusCode).toBe(409);
    expect(over.body).toBe('students: the Basic tier allows up to 100 students; this institution has 100 and 2 more would make 102. Upgrade to Premium for up to 1,000 students.');
    expect(await count('institutionMembers')).toBe(members);
    expect(await count('users')).toBe(users);
    const one = await call(creator, 'POST', `/api/education-institutions/${schoolId}/members`, { username: 'listener', role: 'student' });
    expect(one.statusCode).toBe(409);
    expect(one.body).toMatch(/^students: the Basic tier allows up to 100/);

    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'enterprise' })).statusCode).toBe(403);
    // Premium bills through the payment provider: no method, or a declined card, changes nothing.
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'premium' })).body).toMatch(/^paymentMethodId: add a payment method first/);
    const card = (cardNumber: string) => ({ type: 'card', cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' });
    const declined = (await call(creator, 'POST', '/api/payment-methods/add', card('4000000000009995'))).json();
    const refused = await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'premium', paymentMethodId: declined.id });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toBe('Your card has insufficient funds.');
    expect(await t.database.db.kysely.selectFrom('institutionPayments').select('id').execute()).toEqual([]);
    expect((await call(creator, 'POST', '/api/payment-methods/add', { ...card('4242424242424242'), makeDefault: true })).statusCode).toBe(201);
    const upgrade = await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'premium' });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json()).toMatchObject({ institution: { subscriptionTier: 'premium', students: 100 }, payment: { amountCents: 9900, currency: 'USD', testMode: true } });
    const payment = await t.database.db.kysely.selectFrom('institutionPayments').selectAll().where('institutionId', '=', schoolId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ purpose: 'tier:premium', amountCents: 9900, testMode: 1, reference: upgrade.json().payment.reference });
    const charged = await t.database.db.kysely.selectFrom('payments').selectAll().where('providerRef', '=', payment.reference).executeTakeFirstOrThrow();
    expect(charged).toMatchObject({ source: 'subscription', creatorId: null, amountCents: 9900, status: 'succeeded' });
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/enrolments`, { csv: studentsCsv(2, 500) })).json().enrolled).toHaveLength(2);
    expect((await call(creator, 'POST', `/api/education-institutions/${schoolId}/tier`, { tier: 'basic' })).statusCode).toBe(409);
  });

  it('computes progress, study hours and engagement from real watch events, and exports the class as CSV', async () => {
    // The seed's random audience may have watched this item already: start from a lesson nobody has seen.
    await t.database.db.kysely.deleteFrom('viewEvents').where('contentId', '=', lessonContentId).execute();
    const empty = CourseProgressSchema.parse((await call(creator, 'GET', `/api/education-courses/${courseId}/progress`)).json());
    const maya = () => empty.students.find((s) => s.username === 'viewer')!;
    expect(maya()).toMatchObject({ secondsWatched: 0, completedLessons: 0, lastWatchedAt: null });
    expect((await call(viewer, 'GET', `/api/education-courses/${courseId}/progress`)).statusCode).toBe(403);
    // A school's refusal names a school's roles (the staff list is shared with churches).
    const roster = await call(viewer, 'GET', `/api/education-institutions/${schoolId}/members`);
    expect(roster.statusCode).toBe(403);
    expect(roster.body).toBe('Only owner or teacher members of this institution may do this');

    const { durationSeconds } = await t.database.db.kysely.selectFrom('content').select('durationSeconds').where('id', '=', lessonContentId).executeTakeFirstOrThrow();
    const record = await call(viewer, 'POST', '/api/analytics/record', { contentId: lessonContentId, watchSeconds: 40, device: 'web' });
    expect(record.statusCode).toBe(201);
    let progress = CourseProgressSchema.parse((await call(creator, 'GET', `/api/education-courses/${courseId}/progress`)).json());
    expect(progress.students.find((s) => s.username === 'viewer')).toMatchObject({ secondsWatched: 40, completedLessons: 0, completion: 0 });

    // A report claims no more than has passed since the viewer's previous one: this second visit is
    // one a lesson's length later.
    const student = await t.database.db.kysely.selectFrom('users').select('id').where('username', '=', 'viewer').executeTakeFirstOrThrow();
    await t.app.rateLimiter.reset(`record:mark:u:${student.id}`);
    await call(viewer, 'POST', '/api/analytics/record', { contentId: lessonContentId, watchSeconds: durationSeconds, device: 'web' });
    progress = CourseProgressSchema.parse((await call(creator, 'GET', `/api/education-courses/${courseId}/progress`)).json());
    const row = progress.students.find((s) => s.username === 'viewer')!;
    expect(row).toMatchObject({ secondsWatched: 40 + durationSeconds, completedLessons: 1, completion: 1 });
    expect(row.lastWatchedAt).not.toBeNull();
    // The student reads their own row (the roster's is for staff); someone who cannot see the course, nothing.
    const own = StudentProgressSchema.parse((await call(viewer, 'GET', `/api/education-courses/${courseId}/progress/me`)).json());
    expect(own).toEqual(row);
    expect((await t.app.inject({ method: 'GET', url: `/api/education-courses/${courseId}/progress/me` })).statusCode).toBe(401);

    const analytics = InstitutionAnalyticsSchema.parse((await call(creator, 'GET', `/api/education-institutions/${schoolId}/analytics`)).json());
    expect(analytics).toMatchObject({ students: 102, courses: 1, lessons: 1, studyHours: Math.round(((40 + durationSeconds) / 3600) * 100) / 100, studySeconds: 40 + durationSeconds });
    expect(analytics.engagement).toBeCloseTo(1 / 102);
    expect(analytics.subjects).toEqual([{ subject: 'Mathematics', completion: 1 / 28, students: 28 }]);

    const csv = await call(creator, 'GET', `/api/education-courses/${courseId}/progress.csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('username,name,lessons completed,lessons,completion %,minutes watched,last watched (UTC)');
    expect(lines).toHaveLength(29);
    expect(lines.find((l) => l.startsWith('viewer,'))).toMatch(/^viewer,Maya Lopez,1,1,100,/);
  });

  it('schedules a live class, goes live through the creator tools and tells enrolled students first', async () => {
    const bad = await call(creator, 'POST', `/api/education-courses/${courseId}/live-classes`, { title: 'Revision', startsAt: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/^startsAt must be an ISO date/);
    // A class in the past would be accepted and never listed: refused.
    const past = await call(creator, 'POST', `/api/education-courses/${courseId}/live-classes`, { title: 'Last year', startsAt: '2000-01-01T10:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.body).toBe('startsAt is in the past: schedule the class for a time to come');
    const scheduled = await call(creator, 'POST', `/api/education-courses/${courseId}/live-classes`, { title: 'Revision hour', startsAt: new Date(Date.now() + 60_000).toISOString() });
    expect(scheduled.statusCode).toBe(201);
    const liveClass = LiveClassSchema.parse(scheduled.json());
    expect(liveClass).toMatchObject({ live: false, contentId: null, canTeach: true });
    expect((await call(viewer, 'POST', `/api/education-live-classes/${liveClass.id}/start`)).statusCode).toBe(403);
    // Someone outside the school is told no such class exists, not that they may not start it.
    const outsider = (await t.app.inject({ method: 'POST', url: '/api/register', payload: { username: 'outsider', email: 'outsider@example.test', password: 'outsider-123' } })).cookies.find((c) => c.name === 'onair.sid')!;
    const notHere = await call(`onair.sid=${outsider.value}`, 'POST', `/api/education-live-classes/${liveClass.id}/start`);
    expect(notHere.statusCode).toBe(404);
    expect(notHere.body).toBe('No class with that id');

    const started = LiveClassSchema.parse((await call(creator, 'POST', `/api/education-live-classes/${liveClass.id}/start`)).json());
    expect(started.live).toBe(true);
    const item = (await t.app.inject({ method: 'GET', url: `/api/content/${started.contentId}` })).json();
    expect(item).toMatchObject({ title: 'Revision hour', status: 'live' });
    const mine = LiveClassSchema.array().parse((await call(viewer, 'GET', '/api/education-live-classes')).json());
    expect(mine[0]).toMatchObject({ id: liveClass.id, live: true, contentId: started.contentId, canTeach: false });
    const notes = (await call(viewer, 'GET', '/api/notifications')).json();
    expect(notes.items[0]).toMatchObject({ text: 'Revision hour (Algebra I) is live now.', link: `/watch/${started.contentId}` });
    expect((await call(listener, 'GET', '/api/education-live-classes')).json()).toEqual([]);
  });
});
