/**
 * Who may do what inside an institution. Roles live in `institution_members`; the app-wide admin may
 * do anything. Someone with no role in a private part answers 404, like a missing id, so ids cannot
 * be probed; someone with a lesser role answers 403.
 */
import type { Kysely } from 'kysely';
import type { InstitutionRole } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { forbidden, notFound } from '../../http/errors.ts';

export const STAFF_ROLES: readonly InstitutionRole[] = ['owner', 'teacher', 'pastor'];

/** Roles that exist in a church, and in a school: a refusal names only the kind's own. */
const CHURCH_ONLY: readonly InstitutionRole[] = ['pastor', 'member'];
const SCHOOL_ONLY: readonly InstitutionRole[] = ['teacher', 'student'];

/** "a student", "an owner": a role as a sentence names it. */
export const withArticle = (role: string) => `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;

export async function roleIn(db: Kysely<Database>, institutionId: number, userId: number): Promise<InstitutionRole | null> {
  const row = await db
    .selectFrom('institutionMembers')
    .select('role')
    .where('institutionId', '=', institutionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export interface InstitutionAccess {
  institution: InstitutionRow;
  role: InstitutionRole | null;
}

/**
 * The institution and the caller's role in it, or a 404 when it does not exist or (unless `open`) the
 * caller has no part in it; `allowed` lists the roles that may act (admins always may).
 */
export async function requireInstitution(
  db: Kysely<Database>,
  user: UserRow,
  id: number,
  options: { allowed?: readonly InstitutionRole[]; open?: boolean; kind?: 'school' | 'church'; what?: string } = {},
): Promise<InstitutionAccess> {
  const what = options.what ?? (options.kind === 'church' ? 'church' : 'institution');
  const institution = await db.selectFrom('institutions').selectAll().where('id', '=', id).executeTakeFirst();
  const missing = () => notFound(`No ${what} with that id`);
  if (!institution) throw missing();
  if (options.kind === 'church' && institution.type !== 'church') throw missing();
  if (options.kind === 'school' && institution.type === 'church') throw missing();
  const role = await roleIn(db, id, user.id);
  if (user.role === 'admin') return { institution, role };
  if (role === null && !options.open) throw missing();
  if (options.allowed && (role === null || !options.allowed.includes(role))) {
    const foreign = institution.type === 'church' ? SCHOOL_ONLY : CHURCH_ONLY;
    const named = options.allowed.filter((allowed) => !foreign.includes(allowed));
    throw forbidden(`Only ${named.join(' or ')} members of this ${what} may do this`);
  }
  return { institution, role };
}
