/**
 * A school or church asks an existing account to join; the account's owner accepts or declines. Staff
 * who add someone by username, CSV rows whose email already has an account, and a church owner naming
 * someone for the pastoral team leave an invitation here instead of a membership: only the person can
 * make themselves a teacher or student of a school (and so put their email and name on its roster) or
 * one of a church's leaders (named on its page). They are told by a notification, and answer on their
 * Education or Church Mode page: GET /api/user/invitations, POST …/:id/accept, DELETE …/:id;
 * whoever asked is told the answer the same way. An invitation waits ACCOUNT_INVITATION_TTL_DAYS
 * (asking again renews it); after that it leaves the list and accepting it answers 410.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { AccountInvitationIdParamsSchema, INVITATION_TTL_MS, type AccountInvitation } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { InstitutionAccountInvitationRow } from '../../db/schema-education.ts';
import { conflict, gone, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { notify } from '../notifications/service.ts';
import { roleIn, withArticle } from './access.ts';
import { presentInstitution } from './institutions.ts';
import { assertRoomForStudents } from './tiers.ts';

type InvitedRole = 'teacher' | 'student' | 'pastor';

export interface AccountInvitationInput {
  institutionId: number;
  userId: number;
  role: InvitedRole;
  courseId: number | null;
  invitedBy: number;
}

/** Puts a member on a course's roster (nothing when they are on it already). */
export async function putOnRoster(trx: Kysely<Database>, courseId: number, userId: number, now = Date.now()): Promise<void> {
  await trx.insertInto('courseEnrolments').values({ courseId, userId, createdAt: now }).onConflict((oc) => oc.columns(['courseId', 'userId']).doNothing()).execute();
}

/** Leaves (or renews: one per school and account) an invitation; call inside the caller's transaction. */
export async function inviteAccount(trx: Kysely<Database>, input: AccountInvitationInput, now = Date.now()): Promise<void> {
  await trx
    .insertInto('institutionAccountInvitations')
    .values({ ...input, createdAt: now })
    .onConflict((oc) => oc.columns(['institutionId', 'userId']).doUpdateSet({ role: input.role, courseId: input.courseId, invitedBy: input.invitedBy, createdAt: now }))
    .execute();
}

/** Where a school's or a church's invitations are answered and its people listed. */
const pageOf = (place: { type: string }) => (place.type === 'church' ? '/church-mode' : '/education-mode');

const invitedAs = (role: InvitedRole, place: string) => (role === 'pastor' ? `the pastoral team of ${place}` : `${place} as a ${role}`);

/** Tells the invited people, once the invitations are committed. */
export async function notifyInvited(app: FastifyInstance, invited: { userId: number; role: InvitedRole }[], place: { name: string; type: string }, inviter: { id: number; username: string }) {
  const page = place.type === 'church' ? 'the Church Mode page' : 'your Education page';
  for (const { userId, role } of invited) {
    await notify(app, { userId, senderId: inviter.id, text: `${inviter.username} invited you to join ${invitedAs(role, place.name)}. Accept or decline on ${page}.`, link: pageOf(place) });
  }
}

/** Tells the person a request waiting for them was withdrawn (their open page reads its list again). */
export async function notifyWithdrawn(app: FastifyInstance, withdrawn: { userId: number; role: InvitedRole }, place: { name: string; type: string }, by: { id: number; username: string }) {
  await notify(app, { userId: withdrawn.userId, senderId: by.id, text: `${by.username} withdrew the invitation to join ${invitedAs(withdrawn.role, place.name)}.`, link: pageOf(place) });
}

async function listFor(db: Kysely<Database>, userId: number): Promise<AccountInvitation[]> {
  const rows = await db
    .selectFrom('institutionAccountInvitations as inv')
    .innerJoin('institutions', 'institutions.id', 'inv.institutionId')
    .leftJoin('courses', 'courses.id', 'inv.courseId')
    .leftJoin('users as inviter', 'inviter.id', 'inv.invitedBy')
    .select(['inv.id', 'inv.role', 'inv.createdAt', 'institutions.id as institutionId', 'institutions.name', 'institutions.type', 'courses.title as courseTitle', 'inviter.username as invitedBy'])
    .where('inv.userId', '=', userId)
    .where('inv.createdAt', '>', Date.now() - INVITATION_TTL_MS.account)
    .orderBy('inv.createdAt', 'desc')
    .orderBy('inv.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    institution: { id: r.institutionId, name: r.name, type: r.type },
    role: r.role,
    courseTitle: r.courseTitle,
    invitedBy: r.invitedBy,
    createdAt: new Date(r.createdAt).toISOString(),
    expiresAt: new Date(r.createdAt + INVITATION_TTL_MS.account).toISOString(),
  }));
}

type Answered = { institution: { id: number; name: string; type: string }; invitation: InstitutionAccountInvitationRow };

/** Joins with the invited role (the tier's room checked now, as at any join) and enters the named roster. */
async function accept(trx: Transaction<Database>, invitationId: number, userId: number): Promise<Answered> {
  const invitation = await trx.selectFrom('institutionAccountInvitations').selectAll().where('id', '=', invitationId).where('userId', '=', userId).executeTakeFirst();
  if (!invitation) throw notFound('No invitation with that id');
  const institution = await trx.selectFrom('institutions').select(['id', 'name', 'type', 'subscriptionTier']).where('id', '=', invitation.institutionId).executeTakeFirstOrThrow();
  const expiresAt = invitation.createdAt + INVITATION_TTL_MS.account;
  if (expiresAt <= Date.now()) throw gone(`id: this invitation expired on ${new Date(expiresAt).toUTCString()}: ask ${institution.name} to invite you again`);
  const current = await roleIn(trx, institution.id, userId);
  // A church's member may be asked onto its pastoral team; any other role already held stands.
  const promoted = current === 'member' && invitation.role === 'pastor';
  if (current && current !== invitation.role && !promoted) throw conflict(`role: you are already ${withArticle(current)} of ${institution.name}`);
  const now = Date.now();
  if (promoted) await trx.updateTable('institutionMembers').set({ role: 'pastor' }).where('institutionId', '=', institution.id).where('userId', '=', userId).execute();
  else if (!current) {
    if (invitation.role === 'student') await assertRoomForStudents(trx, institution.id, institution.subscriptionTier, 1);
    await trx.insertInto('institutionMembers').values({ institutionId: institution.id, userId, role: invitation.role, createdAt: now }).execute();
  }
  if (invitation.courseId !== null) await putOnRoster(trx, invitation.courseId, userId, now);
  await trx.deleteFrom('institutionAccountInvitations').where('id', '=', invitation.id).execute();
  return { institution, invitation };
}

/** The one who asked hears the answer (their Education page refreshes its counts on it). */
async function tellInviter(app: FastifyInstance, { institution, invitation }: Answered, invitee: { id: number; username: string }, accepted: boolean) {
  if (invitation.invitedBy === null || invitation.invitedBy === invitee.id) return;
  const text = accepted
    ? `${invitee.username} accepted your invitation and joined ${invitedAs(invitation.role, institution.name)}.`
    : `${invitee.username} declined your invitation to join ${invitedAs(invitation.role, institution.name)}.`;
  await notify(app, { userId: invitation.invitedBy, senderId: invitee.id, text, link: pageOf(institution) });
}

export function accountInvitationRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/user/invitations', { onRequest: app.requireUser }, async (request) => listFor(db, signedInUser(request).id));

  app.post('/api/user/invitations/:id/accept', { onRequest: app.requireUser, schema: { params: AccountInvitationIdParamsSchema } }, async (request) => {
    const user = signedInUser(request);
    const answered = await db.transaction().execute((trx) => accept(trx, request.params.id, user.id));
    await tellInviter(app, answered, user, true);
    const row = await db.selectFrom('institutions').selectAll().where('id', '=', answered.institution.id).executeTakeFirstOrThrow();
    return presentInstitution(db, row, user.id);
  });

  app.delete('/api/user/invitations/:id', { onRequest: app.requireUser, schema: { params: AccountInvitationIdParamsSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const invitation = await db.deleteFrom('institutionAccountInvitations').where('id', '=', request.params.id).where('userId', '=', user.id).returningAll().executeTakeFirst();
    if (!invitation) throw notFound('No invitation with that id');
    const institution = await db.selectFrom('institutions').select(['id', 'name', 'type']).where('id', '=', invitation.institutionId).executeTakeFirstOrThrow();
    await tellInviter(app, { institution, invitation }, user, false);
    return reply.code(204).send();
  });
}
