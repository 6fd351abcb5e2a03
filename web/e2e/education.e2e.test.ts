import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, EMAILED_INVITATION_TTL_DAYS, type Course } from '@onair/protocol';
import { startSlowSmtpServer, type SlowSmtpServer } from '../../test-support/smtp.ts';
import { chooseOption as choose, chromiumAvailable, connected, signIn, startApp, toast, type App } from './harness.ts';

const ready = chromiumAvailable();

function csvFile(rows: string[]) {
  return { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(['email,firstName,lastName', ...rows].join('\n')) };
}

describe.skipIf(!ready)('education and church mode in the browser', () => {
  let app: App;
  // A fresh app per test: a retried test (e2e retries once) must not meet what its first try created.
  beforeEach(async () => {
    app = await startApp();
  });
  afterEach(() => app?.stop());

  it('registers a school, builds a course from an item, enrols a CSV with two bad rows, follows a student’s progress and refuses the 101st student', { timeout: 300_000 }, async () => {
    const teacher = await app.newPerson({ tourDoneFor: 'creator' });
    const student = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(teacher.page, 'creator', 'creator123');
    await signIn(student.page, 'viewer', 'viewer123');
    const page = teacher.page;
    // A step that cannot happen fails with its own message instead of the test's time-out.
    for (const p of [teacher.page, student.page]) p.setDefaultTimeout(30_000);

    await page.goto('/education-mode');
    await page.getByRole('tab', { name: 'Institutions' }).click();
    await page.getByLabel('Institution name').fill('Harmattan High');
    await choose(page, 'Institution type', 'High School');
    await page.getByLabel('Domain').fill('harmattan.edu');
    await page.getByRole('button', { name: 'Register Institution' }).click();
    await toast(page, 'Institution Created');
    const card = page.getByTestId('institution').filter({ hasText: 'Harmattan High' });
    await card.getByText('High School · harmattan.edu').waitFor();
    await card.getByText('0 of 100 students').waitFor();

    await page.getByRole('tab', { name: 'Content' }).click();
    await choose(page, 'Institution', 'Harmattan High');
    await page.getByLabel('Course title').fill('Physics for Broadcasters');
    await choose(page, 'Subject', 'Physics');
    await choose(page, 'Grade level', '11th Grade');
    await choose(page, 'Curriculum', 'Cambridge International');
    await page.getByLabel('Learning objectives (one per line)').fill('Explain radio waves\nMeasure signal strength');
    await page.getByRole('button', { name: 'Create Course' }).click();
    await toast(page, 'Course Created');
    await choose(page, 'Course', 'Physics for Broadcasters');
    await page.getByRole('combobox', { name: 'Content item', exact: true }).click();
    const lessonTitle = (await page.getByRole('option').first().innerText()).trim();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Add Lesson' }).click();
    await toast(page, 'Educational Content Created');
    await page.getByTestId('course').getByText(`1. ${lessonTitle}`).waitFor();
    const courses = (await page.evaluate(() => fetch('/api/education-courses').then((r) => r.json()))) as Course[];
    const lesson = courses[0]!.lessons[0]!;
    expect(lesson).toMatchObject({ title: lessonTitle, subject: 'Physics', gradeLevel: '11th Grade', curriculum: 'Cambridge International' });

    // The student has Education open: the school's invitation will arrive there live.
    await student.page.goto('/education-mode');
    await connected(student.page);

    // 30 rows: the demo viewer, 27 new students, an invalid email on line 6 and a repeat on line 21.
    const rows = Array.from({ length: 28 }, (_, i) => (i === 0 ? 'viewer@onair.local,Maya,Lopez' : `pupil${i}@harmattan.edu,Pupil,Number ${i}`));
    rows.splice(4, 0, 'pupil-at-nowhere,Bad,Row');
    rows.splice(19, 0, 'pupil3@harmattan.edu,Same,Again');
    await page.getByRole('tab', { name: 'Students' }).click();
    await choose(page, 'Institution', 'Harmattan High');
    await choose(page, 'Class roster (optional)', 'Physics for Broadcasters');
    await page.locator('input[type="file"]').setInputFiles(csvFile(rows));
    await page.getByRole('button', { name: 'Enroll Students' }).click();
    const result = page.getByTestId('enrolment-result');
    await result.getByText('27 students enrolled').waitFor();
    await result.getByText('Line 6: "pupil-at-nowhere" is not a valid email address').waitFor();
    await result.getByText('Line 21: pupil3@harmattan.edu already appears on line 5').waitFor();
    // The demo viewer has an account: the school asks, and only their yes makes them a student.
    await result.getByText('1 existing account was asked to join (viewer@onair.local): they are enrolled when they accept on their Education page.').waitFor();
    // No mail server here: each new account's link is listed for the teacher to pass on.
    const firstLink = (await result.getByTestId('invitation-links').getByRole('row').filter({ hasText: 'pupil1@harmattan.edu' }).getByRole('cell').nth(1).innerText()).trim();
    expect(firstLink).toMatch(/\/invitation\/[A-Za-z0-9_-]+$/);
    // The same links as a file, for a mail merge.
    const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download links (CSV)' }).click()]);
    const linksCsv = readFileSync(await download.path(), 'utf8').trim().split('\r\n');
    expect(linksCsv[0]).toBe('email,username,link');
    expect(linksCsv).toHaveLength(1 + (await result.getByTestId('invitation-links').getByRole('row').count()));
    const [, pupilName, pupilLink] = linksCsv.find((line) => line.startsWith('pupil1@harmattan.edu,'))!.split(',');
    expect([pupilName, pupilLink]).toEqual([expect.stringMatching(/^\S+$/), firstLink]);
    await student.page.getByTestId('account-invitation').getByText('creator invited you to join Harmattan High as a student, on the roster of Physics for Broadcasters.').waitFor();
    await student.page.getByRole('button', { name: 'Accept the invitation from Harmattan High' }).click();
    await toast(student.page, 'Invitation Accepted');
    await student.page.getByTestId('account-invitations').waitFor({ state: 'detached' });

    await choose(page, 'Class', 'Physics for Broadcasters');
    const maya = page.getByTestId('progress-viewer');
    await maya.getByText('0:00').waitFor();
    expect(await page.getByTestId('progress-table').locator('tbody tr').count()).toBe(28);

    // The student watches the lesson for a while, then leaves: the view is recorded and the teacher's row moves.
    await student.page.goto(`/watch/${lesson.contentId}`);
    await connected(student.page);
    // The server counts from the room join, which a loaded machine may delay: time the stay from it.
    await student.page.locator('[data-testid="watching"][data-in-room="true"]').waitFor({ timeout: 30_000 });
    await student.page.waitForTimeout(8_000);
    await student.page.goto('/');
    await maya.getByText(/^0:0[1-9]$|^0:[1-5]\d$/).waitFor({ timeout: 45_000 });
    expect(await maya.getByText('—').count()).toBe(0);

    // The student's own view of the course: the lesson is a link to watch it, and their progress is theirs to read.
    await student.page.goto('/education-mode');
    await student.page.getByRole('tab', { name: 'Content' }).click();
    await student.page.getByTestId('my-progress').getByText('You completed 0 of 1 lesson').waitFor();
    await student.page.getByRole('link', { name: `1. ${lesson.title}` }).click();
    await student.page.waitForURL(`**/watch/${lesson.contentId}`);

    // 28 + 73 = 101: the Basic tier says no, and nobody is added.
    await page.locator('input[type="file"]').setInputFiles(csvFile(Array.from({ length: 73 }, (_, i) => `extra${i}@harmattan.edu,Extra,${i}`)));
    await page.getByRole('button', { name: 'Enroll Students' }).click();
    await toast(page, 'Enrollment Failed');
    await page.getByText(/the Basic tier allows up to 100 students; this institution has 28 and 73 more would make 101/).first().waitFor();
    await page.getByRole('tab', { name: 'Institutions' }).click();
    await card.getByText('28 of 100 students').waitFor();

    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByText('Physics').first().waitFor();
    expect(await page.getByTestId('study-hours').innerText()).toMatch(/^0 min ([1-9]|[1-5]\d) s$/);

    // A link lost before it was used: Members makes a new one and the old one stops working.
    await page.getByRole('tab', { name: 'Institutions' }).click();
    await card.getByRole('button', { name: 'Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Members of Harmattan High' });
    await dialog.getByLabel('Find a member').fill('pupil1@');
    const pupil = dialog.getByTestId('member-pupil1');
    await pupil.getByText(/^Has not chosen a password yet; its link works until /).waitFor();
    await pupil.getByRole('button', { name: 'Send pupil1 a new sign-in link' }).click();
    await toast(page, 'Invitation Sent');
    const newLink = /(\/invitation\/[A-Za-z0-9_-]+)/.exec((await dialog.getByTestId('member-link').innerText()).trim())![1]!;
    const status = (link: string) => page.evaluate((token) => fetch(`/api/education-invitations/${token}`).then((r) => r.status), link.split('/').pop()!);
    expect([await status(firstLink), await status(newLink)]).toEqual([404, 200]);
    await page.keyboard.press('Escape');
    await Promise.all([teacher.context.close(), student.context.close()]);
  });

  it('runs a church: a weekly service goes live, a prayer request reaches the team live, a gift shows in the giving statement, a member accepts a place on the team and later leaves', { timeout: 300_000 }, async () => {
    const pastor = await app.newPerson({ tourDoneFor: 'creator' });
    const member = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(pastor.page, 'creator', 'creator123');
    await signIn(member.page, 'listener', 'listener123');
    const page = pastor.page;
    for (const p of [pastor.page, member.page]) p.setDefaultTimeout(30_000);

    await page.goto('/');
    await page.getByRole('link', { name: /Church Mode/ }).first().click();
    await page.waitForURL(/\/church-mode$/);
    await page.getByLabel('Church name').fill('Grace Chapel');
    await page.getByLabel('Time zone').fill('Africa/Accra');
    await page.getByRole('button', { name: 'Create Church' }).click();
    await toast(page, 'Church Created');
    await page.getByRole('link', { name: 'Open Grace Chapel' }).click();
    await page.waitForURL(/\/church\/\d+$/);
    const churchUrl = new URL(page.url()).pathname;

    await page.getByLabel('Service title').fill('Sunday Worship');
    await page.getByLabel('Time', { exact: true }).fill('10:00');
    await page.getByRole('button', { name: 'Add Service' }).click();
    await toast(page, 'Service Scheduled');
    const service = page.getByTestId('service').filter({ hasText: 'Sunday Worship' });
    await service.getByText(/Every Sunday at 10:00 \(Africa\/Accra\)/).waitFor();
    await service.getByRole('button', { name: 'Go live' }).click();
    await toast(page, 'Stream Started');
    await page.getByTestId('live-service').getByRole('link', { name: 'Watch the service' }).waitFor();
    await connected(page);

    await member.page.goto(churchUrl);
    await member.page.getByTestId('live-service').getByRole('link', { name: 'Watch the service' }).waitFor();
    await member.page.getByRole('button', { name: 'Join' }).click();
    await member.page.getByText('Member', { exact: true }).waitFor();
    await member.page.getByLabel('Your prayer request').fill('Pray for safe travels to Kumasi this week');
    await member.page.getByText('Pastoral team only').click();
    await member.page.getByRole('button', { name: 'Post Request' }).click();
    await toast(member.page, 'Prayer Request Sent');
    // Pushed over the socket: the pastor's open page shows it without a reload.
    const request = page.getByTestId('prayer-request').filter({ hasText: 'Pray for safe travels to Kumasi this week' });
    await request.waitFor({ timeout: 10_000 });
    await request.getByText('Team only').waitFor();

    // Giving charges a saved payment method through the provider: a declined card books nothing.
    const addCard = async (number: string) => {
      await member.page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = member.page.getByRole('dialog');
      await dialog.getByLabel('Card number').fill(number);
      await dialog.getByLabel('Expiry month').fill('12');
      await dialog.getByLabel('Expiry year').fill(String(new Date().getUTCFullYear() + 2));
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Save Payment Method' }).click();
      await toast(member.page, 'Payment Method Added');
      await dialog.waitFor({ state: 'hidden' });
    };
    const statement = member.page.getByTestId('giving-statement');
    await addCard('4000 0000 0000 0002');
    await choose(member.page, 'Payment method', 'Visa ending 0002');
    await member.page.getByLabel('Amount').fill('25');
    await choose(member.page, 'Fund', 'Tithe');
    await member.page.getByRole('button', { name: 'Give', exact: true }).click();
    await toast(member.page, 'Gift Failed');
    await toast(member.page, '402: Your card was declined.');
    await statement.getByText('No gifts this year.').waitFor();

    await addCard('4242 4242 4242 4242');
    await choose(member.page, 'Payment method', 'Visa ending 4242');
    await member.page.getByRole('button', { name: 'Give', exact: true }).click();
    await toast(member.page, 'Gift Received');
    await statement.getByText('25.00 USD').first().waitFor();
    await statement.getByText('Total: 25.00 USD').waitFor();
    const churchId = churchUrl.split('/').pop();
    const csv = await member.page.evaluate((id) => fetch(`/api/churches/${id}/giving-statement.csv`).then((r) => r.text()), churchId);
    expect(csv).toMatch(/,tithe,25\.00,USD,one-off,test_pi_[^,]+,test mode\r\n/);
    expect(csv).toContain('Total,,25.00,USD');
    const pdfHead = await member.page.evaluate((id) => fetch(`/api/churches/${id}/giving-statement.pdf`).then(async (r) => [r.headers.get('content-type'), (await r.text()).slice(0, 5)]), churchId);
    expect(pdfHead).toEqual(['application/pdf', '%PDF-']);
    await member.page.getByRole('link', { name: 'Download giving statement (PDF)' }).waitFor();

    // The owner asks the member onto the pastoral team: they are named as a leader only once they say yes.
    await page.getByLabel('Username').fill('listener');
    await page.getByRole('button', { name: 'Add to team' }).click();
    await toast(page, 'Invitation Sent');
    expect(await page.getByText(/led by creator$/).count()).toBe(1);
    // The bell's notification opens the page where it is answered.
    await member.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const invitationNote = member.page.locator('[aria-label="Notifications"] > div').filter({ hasText: 'creator invited you to join the pastoral team of Grace Chapel.' });
    await invitationNote.getByRole('button', { name: 'Open' }).click();
    await member.page.waitForURL(/\/church-mode$/);
    await member.page.getByTestId('account-invitation').getByText('creator invited you to join the pastoral team of Grace Chapel.').waitFor();
    await member.page.getByRole('button', { name: 'Accept the invitation from Grace Chapel' }).click();
    await toast(member.page, 'Invitation Accepted');
    // The owner's open page hears the answer and names the new leader without a reload.
    await page.getByText(/led by creator, listener$/).waitFor();
    // A large congregation, members for a month (written straight into the database).
    const database = new Database(path.join(app.server.dataDir, 'onair.db'));
    const monthAgo = Date.now() - 30 * DAY_MS;
    const addUser = database.prepare("insert into users (username, username_key, email, password_hash, role, created_at) values (?, ?, ?, 'not-a-hash', 'viewer', ?)");
    const addMember = database.prepare("insert into institution_members (institution_id, user_id, role, created_at) values (?, ?, 'member', ?)");
    database.transaction(() => {
      for (let i = 0; i < 120; i++) {
        const name = `flock${String(i).padStart(3, '0')}`;
        addMember.run(Number(churchId), addUser.run(name, name, `${name}@example.org`, monthAgo).lastInsertRowid, monthAgo - i);
      }
    })();
    database.close();
    // The owner's list of members names the new pastor, whom the church could be handed to.
    await page.getByRole('button', { name: 'Members of Grace Chapel' }).click();
    const members = page.getByRole('dialog', { name: 'Members of Grace Chapel' });
    await members.getByTestId('member-listener').getByText('Pastor', { exact: true }).waitFor();
    await members.getByRole('button', { name: 'Make listener the owner' }).waitFor();
    expect(await members.getByRole('button', { name: 'Make creator the owner' }).count()).toBe(0);
    // A hundred rows at a time, newest first; Show more draws the rest.
    const total = await members.getByText(/^Showing 100 of \d+/).textContent();
    const left = Number(/of (\d+)/.exec(total ?? '')![1]) - 100;
    expect(left).toBeGreaterThan(0);
    expect(await members.getByTestId('member-flock119').count()).toBe(0);
    // Find asks the server, so it reaches members past the rows drawn.
    await members.getByLabel('Find a member').fill('FLOCK119');
    await members.getByTestId('member-flock119').waitFor();
    expect(await members.getByTestId(/^member-/).count()).toBe(1);
    await members.getByLabel('Find a member').fill('');
    await members.getByRole('button', { name: `Show ${left} more` }).click();
    await members.getByTestId('member-flock119').waitFor();
    expect(await members.getByText(/^Showing/).count()).toBe(0);
    await page.keyboard.press('Escape');
    // A member may leave, and join again from the page.
    await member.page.goto(churchUrl);
    await member.page.getByRole('button', { name: 'Leave Grace Chapel' }).click();
    await member.page.getByRole('dialog', { name: 'Leave Grace Chapel?' }).getByRole('button', { name: 'Leave Grace Chapel' }).click();
    await toast(member.page, 'Membership Ended');
    await member.page.getByRole('button', { name: 'Join' }).waitFor();
    await Promise.all([pastor.context.close(), member.context.close()]);
  });

  it('invites a teacher by email; the invited person creates an account on the invitation screen, joins, and is handed the school by its owner, who then leaves it', { timeout: 300_000 }, async () => {
    const owner = await app.newPerson({ tourDoneFor: 'creator' });
    const invited = await app.newPerson({ tourDoneFor: 'viewer' });
    for (const p of [owner.page, invited.page]) p.setDefaultTimeout(30_000);
    await signIn(owner.page, 'creator', 'creator123');
    const page = owner.page;
    await page.goto('/education-mode');
    await page.getByRole('tab', { name: 'Institutions' }).click();
    await page.getByLabel('Institution name').fill('Savanna College');
    await choose(page, 'Institution type', 'College');
    await page.getByLabel('Domain').fill('savanna.edu');
    await page.getByRole('button', { name: 'Register Institution' }).click();
    await toast(page, 'Institution Created');

    await page.getByRole('tab', { name: 'Students' }).click();
    // Two "School" selects exist (add a member, invite): use the invite card's.
    const inviteCard = page.locator('.mantine-Card-root').filter({ hasText: 'Invite by email' });
    await inviteCard.getByRole('combobox', { name: 'School', exact: true }).click();
    await page.getByRole('option', { name: 'Savanna College' }).first().click();
    await inviteCard.getByLabel('Email').fill('ama.teacher@savanna.edu');
    await inviteCard.getByRole('combobox', { name: 'Invite as', exact: true }).click();
    await page.getByRole('option', { name: 'Teacher' }).first().click();
    await inviteCard.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(page, 'Invitation Sent');
    // No mail server in the test deployment: the inviter is given the link to pass on.
    const link = (await page.getByTestId('invitation-link').innerText()).trim();
    const invitationPath = new URL(link).pathname;
    expect(invitationPath).toMatch(/^\/invitation\/[\w-]+$/);

    // Signed out, the link opens the invitation screen itself (not the general sign-in page).
    await invited.page.goto(invitationPath);
    const screen = invited.page.getByTestId('invitation');
    await screen.getByText('Join Savanna College').waitFor();
    await screen.getByText('(ama.teacher@savanna.edu)', { exact: false }).waitFor();
    expect(await screen.getByLabel('Email').inputValue()).toBe('ama.teacher@savanna.edu');
    await screen.getByLabel('Username').fill('ama_teacher');
    await screen.getByLabel('Password', { exact: true }).fill('blackboard42');
    await screen.getByRole('button', { name: 'Create Account' }).click();
    await invited.page.getByRole('button', { name: 'Join Savanna College' }).click();
    await toast(invited.page, 'Invitation Accepted');
    await invited.page.waitForURL(/\/education-mode$/);

    const members = (await page.evaluate(async () => {
      const institutions = (await fetch('/api/education-institutions').then((r) => r.json())) as { id: number; name: string }[];
      const school = institutions.find((i) => i.name === 'Savanna College')!;
      return fetch(`/api/education-institutions/${school.id}/members`).then((r) => r.json());
    })) as { members: { username: string; role: string }[] };
    expect(members.members.find((m) => m.username === 'ama_teacher')).toMatchObject({ role: 'teacher' });

    // A link left in a mailbox past its lifetime opens a screen that says so, and offers no way in.
    await inviteCard.getByLabel('Email').fill('late.teacher@savanna.edu');
    // The first toast (in the corner, over the button) closes by itself once the pointer leaves it.
    await page.mouse.move(0, 0);
    await page.locator('.mantine-Notification-root').waitFor({ state: 'detached', timeout: 10_000 });
    await inviteCard.getByRole('button', { name: 'Send Invitation' }).click();
    await toast(page, 'Invitation Sent');
    const shownLink = async () => new URL((await page.getByTestId('invitation-link').innerText()).trim()).pathname;
    await expect.poll(shownLink).not.toBe(invitationPath);
    const lateLink = await shownLink();
    const database = new Database(path.join(app.server.dataDir, 'onair.db'));
    database.prepare('update institution_role_invitations set created_at = ? where email = ?').run(Date.now() - (EMAILED_INVITATION_TTL_DAYS + 1) * DAY_MS, 'late.teacher@savanna.edu');
    database.close();
    const late = await app.newPerson();
    await late.page.goto(lateLink);
    await late.page.getByTestId('invitation-expired').getByText('Ask Savanna College to invite you again.', { exact: false }).waitFor();
    expect(await late.page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);

    // The owner hands the school to the teacher, stays on as a teacher, and may then leave it.
    await page.getByRole('tab', { name: 'Institutions' }).click();
    const card = page.getByTestId('institution').filter({ hasText: 'Savanna College' });
    await card.getByRole('button', { name: 'Members' }).click();
    const dialog = page.getByRole('dialog', { name: 'Members of Savanna College' });
    await dialog.getByTestId('member-ama_teacher').getByText('Teacher', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Remove creator' }).count()).toBe(0);
    // Under the list, what is still waiting for an answer: the expired link (the answered one is gone), withdrawn.
    const waiting = dialog.getByTestId('pending-invitations');
    await waiting.getByTestId('invitation-late.teacher@savanna.edu').getByText(/^Expired /).waitFor();
    expect(await waiting.getByTestId('invitation-ama.teacher@savanna.edu').count()).toBe(0);
    // Resent: a new link to pass on (no mail server here), a new answer-by date, the old link dead.
    await waiting.getByRole('button', { name: 'Resend the invitation to late.teacher@savanna.edu' }).click();
    await toast(page, 'Invitation Sent');
    const resent = (await waiting.getByTestId('resent-invitation-link').textContent())!;
    await waiting.getByTestId('invitation-late.teacher@savanna.edu').getByText(/^Expired /).waitFor({ state: 'detached' });
    const freshLink = /(\/invitation\/[A-Za-z0-9_-]+)/.exec(resent)![1]!;
    expect(await page.evaluate((url) => fetch(`/api/education-invitations/${url.split('/').pop()}`).then((r) => r.json()), freshLink)).toMatchObject({ expired: false, role: 'teacher' });
    await waiting.getByRole('button', { name: 'Withdraw the invitation to late.teacher@savanna.edu' }).click();
    await toast(page, 'Invitation Withdrawn');
    await waiting.getByText('No invitations are waiting.').waitFor();
    // Found by any part of a name or email, in any case.
    await dialog.getByLabel('Find a member').fill('AMA.TEACHER@');
    await dialog.getByTestId('member-creator').waitFor({ state: 'detached' });
    expect(await dialog.getByTestId(/^member-/).count()).toBe(1);
    await dialog.getByLabel('Find a member').fill('');
    await dialog.getByRole('button', { name: 'Make ama_teacher the owner' }).click();
    await dialog.getByTestId('member-confirm').getByText('Make ama_teacher the owner of Savanna College?', { exact: false }).waitFor();
    await dialog.getByTestId('member-confirm').getByRole('button', { name: 'Make owner' }).click();
    await toast(page, 'Ownership Handed Over');
    await dialog.getByTestId('member-ama_teacher').getByText('Owner', { exact: true }).waitFor();
    await dialog.getByTestId('member-creator').getByText('Teacher', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Make .+ the owner$/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The new owner's open page hears it (a notification refreshes the list).
    await invited.page.getByRole('tab', { name: 'Institutions' }).click();
    await invited.page.getByTestId('institution').filter({ hasText: 'owned by ama_teacher' }).waitFor();
    await card.getByText('owned by ama_teacher', { exact: false }).waitFor();
    await page.mouse.move(0, 0);
    await card.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('dialog', { name: 'Leave Savanna College?' }).getByRole('button', { name: 'Leave Savanna College' }).click();
    await toast(page, 'Membership Ended');
    await card.waitFor({ state: 'detached' });
    await Promise.all([owner.context.close(), invited.context.close(), late.context.close()]);
  });
});

describe.skipIf(!ready)('an import through a slow mail server, in the browser', () => {
  /** Each message takes the server this long; the import waits MAIL_BATCH_WAIT_MS before starting no more. */
  const SLOW_MS = 400;
  let smtp: SlowSmtpServer;
  let app: App;
  beforeEach(async () => {
    smtp = await startSlowSmtpServer(SLOW_MS);
    app = await startApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_BATCH_WAIT_MS: String(SLOW_MS + SLOW_MS / 2) });
  });
  afterEach(async () => {
    await app?.stop();
    await smtp.close();
  });

  it('mails the links it has time for and lists the others for the teacher, saying why', { timeout: 240_000 }, async () => {
    const teacher = await app.newPerson({ tourDoneFor: 'creator' });
    const page = teacher.page;
    page.setDefaultTimeout(30_000);
    await signIn(page, 'creator', 'creator123');
    const created = await page.evaluate(() =>
      fetch('/api/education-institutions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Sahel School', type: 'high_school', domain: 'sahel.sch' }) }).then((r) => r.status),
    );
    expect(created).toBe(201);
    await page.goto('/education-mode');
    await page.getByRole('tab', { name: 'Students' }).click();
    await choose(page, 'Institution', 'Sahel School');
    await page.locator('input[type="file"]').setInputFiles(csvFile(Array.from({ length: 10 }, (_, i) => `pupil${i}@sahel.sch,Pupil,${i}`)));
    await page.getByRole('button', { name: 'Enroll Students' }).click();
    const result = page.getByTestId('enrolment-result');
    await result.getByText('10 students enrolled').waitFor();
    // Four connections: the first rounds of messages went, the third would have started after the wait.
    const listed = await result.getByTestId('invitation-links').getByRole('row').allInnerTexts();
    const mailed = 10 - listed.length;
    expect(mailed).toBeGreaterThanOrEqual(4);
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(smtp.received).toHaveLength(mailed);
    for (const address of smtp.received) expect(listed.join('\n')).not.toContain(address);
    await result.getByTestId('enrolment-emailed').getByText(`${mailed} new accounts were emailed a link to choose a password.`, { exact: false }).waitFor();
    const noun = listed.length === 1 ? 'account was' : 'accounts were';
    await result.getByText(`${listed.length} new ${noun} created that the mail server was too slow to take while the import waited;`, { exact: false }).waitFor();
    await teacher.context.close();
  });
});
