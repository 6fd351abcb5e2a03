/** Reading institutions with their owner, student count and the caller's role. */
import type { Kysely } from 'kysely';
import type { Institution } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';

export async function countMembers(db: Kysely<Database>, institutionId: number, role: 'student' | 'member'): Promise<number> {
  const row = await db
    .selectFrom('institutionMembers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('institutionId', '=', institutionId)
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function presentInstitutions(db: Kysely<Database>, rows: InstitutionRow[], viewerId: number): Promise<Institution[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [owners, students, mine] = await Promise.all([
    db.selectFrom('users').select(['id', 'username']).where('id', 'in', rows.map((r) => r.ownerId)).execute(),
    db
      .selectFrom('institutionMembers')
      .select(['institutionId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('institutionId', 'in', ids)
      .where('role', '=', 'student')
      .groupBy('institutionId')
      .execute(),
    db.selectFrom('institutionMembers').select(['institutionId', 'role']).where('institutionId', 'in', ids).where('userId', '=', viewerId).execute(),
  ]);
  const ownerName = new Map(owners.map((o) => [o.id, o.username]));
  const studentCount = new Map(students.map((s) => [s.institutionId, Number(s.n)]));
  const myRole = new Map(mine.map((m) => [m.institutionId, m.role]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    domain: r.domain,
    verified: r.verified === 1,
    subscriptionTier: r.subscriptionTier,
    ownerId: r.ownerId,
    ownerName: ownerName.get(r.ownerId) ?? '',
    myRole: myRole.get(r.id) ?? null,
    students: studentCount.get(r.id) ?? 0,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

export async function presentInstitution(db: Kysely<Database>, row: InstitutionRow, viewerId: number): Promise<Institution> {
  return (await presentInstitutions(db, [row], viewerId))[0]!;
}
