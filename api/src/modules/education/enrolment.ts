/**
 * Bulk enrolment from a CSV file (header `email,firstName,lastName` and optionally `username`).
 * Every row is checked first; each bad one is reported with its line number and the reason. The good
 * rows are then enrolled in one transaction, after the tier check: either all of them are written or,
 * when the tier is full, none. An email whose account is a student already puts it on the roster; an
 * account not in the school yet is asked to join (account-invitations.ts), and is enrolled when it
 * accepts; otherwise an account is created with no usable password and a link its owner uses to
 * choose one, mailed to it when a mail server is configured, else shown to the staff (import-links.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse';
import { z } from 'zod';
import { USERNAME_PATTERN, type EnrolmentResult } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { badRequest } from '../../http/errors.ts';
import { usernameKey } from '../users/repository.ts';
import type { Mailer } from '../mail/mailer.ts';
import { inviteAccount, notifyInvited } from './account-invitations.ts';
import { mailImportLinks, newImportLink } from './import-links.ts';
import { INVITED_PASSWORD_HASH } from './invitation-tokens.ts';
import { assertRoomForStudents } from './tiers.ts';

const emailSchema = z.email();
const HEADER_ALIASES: Record<string, 'email' | 'firstName' | 'lastName' | 'username'> = {
  email: 'email', emailaddress: 'email', firstname: 'firstName', first: 'firstName', givenname: 'firstName',
  lastname: 'lastName', last: 'lastName', surname: 'lastName', familyname: 'lastName', username: 'username',
};

interface Row {
  line: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  existing: UserRow | undefined;
}

function readCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(csv, { info: true, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as never;
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`csv: line ${(error as CsvError & { lines?: number }).lines ?? '?'}: ${error.message}`);
    throw error;
  }
  const [first, ...rest] = parsed;
  if (!first) throw badRequest('csv: the file has no header row');
  return { header: first.record.map((h) => h.toLowerCase().replace(/[^a-z]/g, '')), records: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

export async function enrolFromCsv(
  app: FastifyInstance,
  mailer: Mailer,
  institution: InstitutionRow,
  csv: string,
  courseId: number | null,
  enroller: UserRow,
): Promise<EnrolmentResult> {
  const db = app.db.kysely;
  const { header, records } = readCsv(csv);
  const columns = header.map((h) => HEADER_ALIASES[h] ?? null);
  const emailAt = columns.indexOf('email');
  if (emailAt < 0) throw badRequest('csv: the header row must name an email column (email,firstName,lastName)');
  if (records.length === 0) throw badRequest('csv: the file has no student rows');
  if (records.length > 5000) throw badRequest('csv: at most 5000 rows per file');

  const cell = (cells: string[], name: 'firstName' | 'lastName' | 'username') => {
    const at = columns.indexOf(name);
    return at >= 0 ? cells[at]?.trim() || null : null;
  };
  const errors: EnrolmentResult['errors'] = [];
  const good: Row[] = [];
  const seenEmail = new Map<string, number>();
  const seenUsername = new Map<string, number>();

  // Everything the checks need, in a few queries rather than several per row.
  const emails = records.map((r) => (r.cells[emailAt] ?? '').trim().toLowerCase()).filter(Boolean);
  const givenUsernames = records.map((r) => cell(r.cells, 'username')).filter((u): u is string => !!u).map(usernameKey);
  const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / 500) }, (_, i) => list.slice(i * 500, i * 500 + 500));
  const byEmail = new Map<string, UserRow>();
  for (const chunk of chunks(emails)) for (const u of await db.selectFrom('users').selectAll().where('email', 'in', chunk).execute()) byEmail.set(u.email, u);
  const takenNames = new Set<string>();
  for (const chunk of chunks(givenUsernames)) for (const u of await db.selectFrom('users').select('usernameKey').where('usernameKey', 'in', chunk).execute()) takenNames.add(u.usernameKey);
  const existingIds = [...byEmail.values()].map((u) => u.id).concat([0]);
  const roles = new Map(
    (await db.selectFrom('institutionMembers').select(['userId', 'role']).where('institutionId', '=', institution.id).where('userId', 'in', existingIds).execute()).map((r) => [r.userId, r.role]),
  );
  const onRoster = new Set(
    courseId ? (await db.selectFrom('courseEnrolments').select('userId').where('courseId', '=', courseId).where('userId', 'in', existingIds).execute()).map((r) => r.userId) : [],
  );

  for (const { line, cells } of records) {
    if (cells.length !== header.length) {
      errors.push({ line, reason: `expected ${header.length} columns, found ${cells.length}` });
      continue;
    }
    const email = (cells[emailAt] ?? '').trim().toLowerCase();
    if (!email) {
      errors.push({ line, reason: 'email is missing' });
      continue;
    }
    if (!emailSchema.safeParse(email).success) {
      errors.push({ line, reason: `"${email}" is not a valid email address` });
      continue;
    }
    if (seenEmail.has(email)) {
      errors.push({ line, reason: `${email} already appears on line ${seenEmail.get(email)}` });
      continue;
    }
    const username = cell(cells, 'username');
    if (username && (username.length < 3 || username.length > 32 || !USERNAME_PATTERN.test(username))) {
      errors.push({ line, reason: `username "${username}" must be 3-32 letters, digits, dots, dashes or underscores` });
      continue;
    }
    const firstName = cell(cells, 'firstName');
    const lastName = cell(cells, 'lastName');
    if ((firstName?.length ?? 0) > 64 || (lastName?.length ?? 0) > 64) {
      errors.push({ line, reason: 'names must be at most 64 characters' });
      continue;
    }
    const existing = byEmail.get(email);
    if (!existing && username) {
      if (takenNames.has(usernameKey(username)) || seenUsername.has(usernameKey(username))) {
        errors.push({ line, reason: `username "${username}" is taken by another account` });
        continue;
      }
      seenUsername.set(usernameKey(username), line);
    }
    if (existing) {
      const role = roles.get(existing.id);
      if (role && role !== 'student') {
        errors.push({ line, reason: `${email} is a ${role} of this institution` });
        continue;
      }
      if (role && (!courseId || onRoster.has(existing.id))) {
        errors.push({ line, reason: `${email} is already enrolled` });
        continue;
      }
    }
    seenEmail.set(email, line);
    good.push({ line, email, firstName, lastName, username, existing });
  }

  // Existing accounts asked to join, told once the transaction has committed.
  const invited: { userId: number; role: 'student' }[] = [];
  const enrolled = await db.transaction().execute(async (trx) => {
    const already = good.length
      ? new Set(
          (
            await trx
              .selectFrom('institutionMembers')
              .select('userId')
              .where('institutionId', '=', institution.id)
              .where('role', '=', 'student')
              .where('userId', 'in', good.filter((g) => g.existing).map((g) => g.existing!.id).concat([0]))
              .execute()
          ).map((r) => r.userId),
        )
      : new Set<number>();
    const newStudents = good.filter((g) => !g.existing || !already.has(g.existing.id)).length;
    await assertRoomForStudents(trx, institution.id, institution.subscriptionTier, newStudents);

    const now = Date.now();
    const out: EnrolmentResult['enrolled'] = [];
    for (const row of good) {
      let user = row.existing;
      let invitationToken: string | null = null;
      if (user && !already.has(user.id)) {
        await inviteAccount(trx, { institutionId: institution.id, userId: user.id, role: 'student', courseId, invitedBy: enroller.id }, now);
        invited.push({ userId: user.id, role: 'student' });
        out.push({ line: row.line, userId: null, username: null, email: row.email, created: false, invited: true, invitationToken, emailed: false });
        continue;
      }
      if (!user) {
        const username = row.username ?? (await freeUsername(trx, row.email));
        user = await trx
          .insertInto('users')
          .values({
            username,
            usernameKey: usernameKey(username),
            email: row.email,
            passwordHash: INVITED_PASSWORD_HASH,
            firstName: row.firstName,
            lastName: row.lastName,
            role: 'viewer',
            creatorRequest: null,
            country: null,
            createdAt: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        invitationToken = await newImportLink(trx, institution.id, user.id, now);
      }
      if (!already.has(user.id)) {
        await trx.insertInto('institutionMembers').values({ institutionId: institution.id, userId: user.id, role: 'student', createdAt: now }).execute();
      }
      if (courseId) await trx.insertInto('courseEnrolments').values({ courseId, userId: user.id, createdAt: now }).execute();
      out.push({ line: row.line, userId: user.id, username: user.username, email: row.email, created: !row.existing, invited: false, invitationToken, emailed: false });
    }
    return out;
  });
  await notifyInvited(app, invited, institution, enroller);
  // After the commit: a refused message leaves its link on the staff's screen, the import stands.
  const created = enrolled.flatMap(({ email, username, invitationToken: token }) => (token && username ? [{ email, username, token }] : []));
  const { mailed, stopped } = await mailImportLinks(app, mailer, institution, enroller, created);
  const told = (entry: EnrolmentResult['enrolled'][number]) => (mailed.has(entry.email) ? { ...entry, invitationToken: null, emailed: true } : entry);
  return { enrolled: enrolled.map(told), errors, mailStopped: stopped };
}

/** A username from the email's local part, made unique with a number when taken. */
async function freeUsername(db: Parameters<typeof assertRoomForStudents>[0], email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'student').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 24).padEnd(3, '0') || 'student';
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`;
    const taken = await db.selectFrom('users').select('id').where('usernameKey', '=', usernameKey(candidate)).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}${randomBytes(3).toString('hex')}`;
}
