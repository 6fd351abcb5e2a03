/**
 * Changes to who belongs to a school or church after they joined: a member removed by the staff, a
 * member leaving, and the owner handing the institution to one of its staff.
 *
 * Who may remove whom follows the roles' reach when adding: an owner (or an admin) removes anyone but
 * the owner, a teacher removes students, a pastor removes members; anyone but the owner may leave. The
 * owner cannot leave or be removed, since the institution's billing, domain and staff hang on them:
 * they hand it over first, to a teacher (school) or a pastor (church) who has signed in to their
 * account, and stay on as a teacher or pastor.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { educationTier, removableBy, successorRole as successorOfType, type InstitutionRole } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { notify } from '../notifications/service.ts';
import { withArticle } from './access.ts';
import { INVITED_PASSWORD_HASH } from './invitation-tokens.ts';

const successorRole = (institution: InstitutionRow) => successorOfType(institution.type);
const kindOf = (institution: InstitutionRow) => (institution.type === 'church' ? 'church' : 'school');
const linkOf = (institution: InstitutionRow): `/${string}` => (institution.type === 'church' ? `/church/${institution.id}` : '/education-mode');

export async function memberOf(db: Kysely<Database>, institution: InstitutionRow, userId: number) {
  const member = await db
    .selectFrom('institutionMembers')
    .innerJoin('users', 'users.id', 'institutionMembers.userId')
    .select(['users.id', 'users.username', 'users.email', 'users.passwordHash', 'users.status', 'institutionMembers.role'])
    .where('institutionMembers.institutionId', '=', institution.id)
    .where('institutionMembers.userId', '=', userId)
    .executeTakeFirst();
  if (!member) throw notFound(`userId: no member with that id in this ${kindOf(institution)}`);
  return member;
}

/**
 * Removes `userId` from the institution (or lets the caller leave it): their place, their class
 * rosters there, and an unused enrolment link. An account the school made for an enrolment and nobody
 * ever claimed goes too, since nothing else could reach it.
 */
export async function removeMember(app: FastifyInstance, caller: UserRow, callerRole: InstitutionRole | null, institution: InstitutionRow, userId: number): Promise<void> {
  const db = app.db.kysely;
  const member = await memberOf(db, institution, userId);
  const leaving = member.id === caller.id;
  if (member.role === 'owner') {
    throw conflict(
      leaving
        ? `userId: you own ${institution.name}: hand it to ${withArticle(successorRole(institution))} first (Members), then leave`
        : `userId: ${member.username} owns ${institution.name} and cannot be removed`,
    );
  }
  const mayRemove = removableBy(caller.role === 'admin', callerRole);
  if (!leaving && !mayRemove.includes(member.role)) throw forbidden(`userId: ${callerRole ? `${withArticle(callerRole)} cannot remove ${withArticle(member.role)}` : 'only the staff may remove members'}`);

  await db.transaction().execute(async (trx) => {
    // Not an owner: a hand-over to them may have committed since the read above.
    const removed = await trx.deleteFrom('institutionMembers').where('institutionId', '=', institution.id).where('userId', '=', member.id).where('role', '!=', 'owner').executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw conflict(`userId: ${member.username}'s place changed meanwhile; reload and try again`);
    await trx
      .deleteFrom('courseEnrolments')
      .where('userId', '=', member.id)
      .where('courseId', 'in', trx.selectFrom('courses').select('id').where('institutionId', '=', institution.id))
      .execute();
    await trx.deleteFrom('institutionInvitations').where('institutionId', '=', institution.id).where('userId', '=', member.id).where('acceptedAt', 'is', null).execute();
    if (member.passwordHash === INVITED_PASSWORD_HASH) {
      const elsewhere = await trx.selectFrom('institutionMembers').select('institutionId').where('userId', '=', member.id).executeTakeFirst();
      if (!elsewhere) await trx.deleteFrom('users').where('id', '=', member.id).where('passwordHash', '=', INVITED_PASSWORD_HASH).execute();
    }
  });
  if (!leaving && member.passwordHash !== INVITED_PASSWORD_HASH) {
    await notify(app, { userId: member.id, senderId: caller.id, text: `${institution.name}: ${caller.username} removed you from the ${kindOf(institution)}.`, link: linkOf(institution) });
  }
  // The owner hears of staff leaving (whose classes or team duties someone must take on), not of every student or member.
  if (leaving && (member.role === 'teacher' || member.role === 'pastor')) {
    await notify(app, { userId: institution.ownerId, senderId: member.id, text: `${institution.name}: ${member.username}, ${withArticle(member.role)}, left the ${kindOf(institution)}.`, link: linkOf(institution) });
  }
  app.log.info({ institutionId: institution.id, userId: member.id, by: caller.id, leaving }, 'institution member removed');
}

/**
 * Makes `userId` the owner: the institution's row, both memberships, and its paid tier's method (the
 * old owner's card stops paying; the month's renewal charges the new owner's default method, or the
 * tier lapses to Basic and they are told, as for any refused renewal).
 */
export async function handOver(app: FastifyInstance, caller: UserRow, institution: InstitutionRow, userId: number): Promise<InstitutionRow> {
  const db = app.db.kysely;
  const member = await memberOf(db, institution, userId);
  const staff = successorRole(institution);
  const what = kindOf(institution);
  if (member.role === 'owner') throw conflict(`userId: ${member.username} already owns ${institution.name}`);
  if (member.role !== staff) throw conflict(`userId: ${member.username} is ${withArticle(member.role)} here: only ${withArticle(staff)} of this ${what} can be handed it`);
  if (member.passwordHash === INVITED_PASSWORD_HASH) throw conflict(`userId: ${member.username} has not signed in to their account yet`);
  if (member.status !== 'active') throw conflict(`userId: ${member.username}'s account is suspended`);

  const updated = await db.transaction().execute(async (trx) => {
    // Re-checked inside the transaction: two owners' hand-overs at once must not both win.
    // A domain not proven yet is the new owner's to prove: the old owner's token and emailed code stop counting.
    const unproven = institution.verified ? {} : { verificationToken: randomBytes(16).toString('hex'), verificationEmail: null, verificationCodeHash: null, verificationCodeExpiresAt: null };
    const moved = await trx
      .updateTable('institutions')
      .set({ ownerId: member.id, paymentMethodId: null, ...unproven })
      .where('id', '=', institution.id)
      .where('ownerId', '=', institution.ownerId)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) throw conflict(`userId: ${institution.name} changed hands meanwhile; reload and try again`);
    await trx.updateTable('institutionMembers').set({ role: staff }).where('institutionId', '=', institution.id).where('userId', '=', institution.ownerId).execute();
    const promoted = await trx.updateTable('institutionMembers').set({ role: 'owner' }).where('institutionId', '=', institution.id).where('userId', '=', member.id).where('role', '=', staff).executeTakeFirst();
    if (Number(promoted.numUpdatedRows) === 0) throw conflict(`userId: ${member.username}'s place changed meanwhile; reload and try again`);
    return trx.selectFrom('institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow();
  });

  const plan = educationTier(updated.subscriptionTier);
  const renewal = updated.tierPeriodEnd && updated.tierPriceCents ? ` Its ${plan.name} plan renews on ${new Date(updated.tierPeriodEnd).toISOString().slice(0, 10)} with your default payment method.` : '';
  await notify(app, { userId: member.id, senderId: caller.id, text: `${caller.username} handed ${institution.name} to you: you are its owner now.${renewal}`, link: linkOf(institution) });
  if (caller.id !== institution.ownerId) {
    await notify(app, { userId: institution.ownerId, senderId: caller.id, text: `${institution.name} is owned by ${member.username} now; you stay on as ${withArticle(staff)}.`, link: linkOf(institution) });
  }
  app.log.info({ institutionId: institution.id, from: institution.ownerId, to: member.id, by: caller.id }, 'institution handed over');
  return updated;
}
