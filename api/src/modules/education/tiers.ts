/**
 * Spec §9 tiers enforced where students are added: Basic up to 100, Premium up to 1,000, Enterprise
 * unlimited. Called inside the enrolling transaction, so the count and the insert see the same rows.
 */
import type { Kysely } from 'kysely';
import { educationTier, type EducationTierId } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { countMembers } from './institutions.ts';

export async function assertRoomForStudents(db: Kysely<Database>, institutionId: number, tierId: EducationTierId, adding: number): Promise<void> {
  const tier = educationTier(tierId);
  if (tier.maxStudents === null || adding === 0) return;
  const current = await countMembers(db, institutionId, 'student');
  if (current + adding <= tier.maxStudents) return;
  const next = tierId === 'basic' ? ' Upgrade to Premium for up to 1,000 students.' : tierId === 'premium' ? ' Enterprise has no limit.' : '';
  throw conflict(
    `students: the ${tier.name} tier allows up to ${tier.maxStudents.toLocaleString('en-US')} students; ` +
      `this institution has ${current} and ${adding} more would make ${current + adding}.${next}`,
  );
}
