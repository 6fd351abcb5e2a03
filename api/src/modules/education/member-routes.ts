/**
 * An institution's members: the staff's list, asking an account to join, removing someone or leaving
 * (a school's and a church's alike), and handing the institution to another owner
 * (membership-changes.ts says who may do what).
 */
import {
  InstitutionIdParamsSchema,
  INVITATION_TTL_MS,
  MemberAddRequestSchema,
  MemberParamsSchema,
  MembersQuerySchema,
  OwnerChangeRequestSchema,
  type Institution,
  type Member,
  type MemberAdded,
  type MembersPage,
} from '@onair/protocol';
import { conflict, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { accountMatches, findUserByUsername } from '../users/repository.ts';
import { inviteAccount, notifyInvited, putOnRoster } from './account-invitations.ts';
import { requireInstitution, roleIn, STAFF_ROLES, withArticle } from './access.ts';
import { assertCourseOf } from './courses.ts';
import { INVITED_PASSWORD_HASH } from './invitation-tokens.ts';
import { presentInstitution } from './institutions.ts';
import { handOver, removeMember } from './membership-changes.ts';
import { assertRoomForStudents } from './tiers.ts';

export function memberRoutes(app: ZodApp) {
  const db = app.db.kysely;

  /** A page of the members, newest first, by role and by what a name, username or email contains. */
  app.get('/api/education-institutions/:id/members', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, querystring: MembersQuerySchema } }, async (request): Promise<MembersPage> => {
    const { role, search, page, pageSize } = request.query;
    const { institution } = await requireInstitution(db, signedInUser(request), request.params.id, { allowed: STAFF_ROLES });
    let matching = db.selectFrom('institutionMembers').innerJoin('users', 'users.id', 'institutionMembers.userId').where('institutionMembers.institutionId', '=', institution.id);
    if (role) matching = matching.where('institutionMembers.role', '=', role);
    if (search) matching = matching.where(accountMatches(search));
    const [rows, total] = await Promise.all([
      matching
        // An imported account's one unused sign-in link here, if it has one (import-links.ts).
        .leftJoin('institutionInvitations as link', (join) =>
          join.onRef('link.userId', '=', 'users.id').on('link.institutionId', '=', institution.id).on('link.acceptedAt', 'is', null),
        )
        .select(['users.id', 'users.username', 'users.email', 'users.firstName', 'users.lastName', 'users.passwordHash', 'institutionMembers.role', 'institutionMembers.createdAt', 'link.createdAt as linkMadeAt'])
        .orderBy('institutionMembers.createdAt', 'desc')
        .orderBy('users.username')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const members = rows.map((r): Member => {
      const accepted = r.passwordHash !== INVITED_PASSWORD_HASH;
      return {
        userId: r.id,
        username: r.username,
        email: r.email,
        firstName: r.firstName,
        lastName: r.lastName,
        role: r.role,
        accepted,
        linkExpiresAt: accepted || r.linkMadeAt === null ? null : new Date(Number(r.linkMadeAt) + INVITATION_TTL_MS.import).toISOString(),
        joinedAt: new Date(r.createdAt).toISOString(),
      };
    });
    return { members, total: Number(total.n), page, pageSize };
  });

  /**
   * Asks an existing account to join as a teacher (owners) or a student, optionally onto a roster: it
   * joins when its owner accepts (account-invitations.ts). Someone already a student of the school is
   * put on the roster at once.
   */
  app.post('/api/education-institutions/:id/members', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: MemberAddRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, {
      allowed: input.role === 'teacher' ? ['owner'] : ['owner', 'teacher'],
      kind: 'school',
    });
    const member = await findUserByUsername(db, input.username);
    if (!member) throw notFound('username: no account with that username');
    if (input.courseId) await assertCourseOf(db, institution.id, input.courseId);
    const status = await db.transaction().execute(async (trx): Promise<MemberAdded['status']> => {
      const existing = await roleIn(trx, institution.id, member.id);
      if (existing && existing !== input.role) throw conflict(`username: ${member.username} is already ${withArticle(existing)} here`);
      if (existing) {
        if (input.courseId) await putOnRoster(trx, input.courseId, member.id);
        return 'added';
      }
      // Said now rather than only when they accept: a full school cannot take them either way.
      if (input.role === 'student') await assertRoomForStudents(trx, institution.id, institution.subscriptionTier, 1);
      await inviteAccount(trx, { institutionId: institution.id, userId: member.id, role: input.role, courseId: input.courseId ?? null, invitedBy: user.id });
      return 'invited';
    });
    if (status === 'invited') await notifyInvited(app, [{ userId: member.id, role: input.role }], institution, user);
    const added: MemberAdded = { userId: member.id, username: member.username, role: input.role, status };
    return reply.code(status === 'added' ? 201 : 202).send(added);
  });

  /** Removes a member (staff), or the caller leaves (their own id). 204 either way. */
  app.delete('/api/education-institutions/:id/members/:userId', { onRequest: app.requireUser, schema: { params: MemberParamsSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const { institution, role } = await requireInstitution(db, user, request.params.id);
    await removeMember(app, user, role, institution, request.params.userId);
    return reply.code(204).send();
  });

  /** The owner (or an admin) hands the institution to one of its teachers or pastors. */
  app.post('/api/education-institutions/:id/owner', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: OwnerChangeRequestSchema } }, async (request): Promise<Institution> => {
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: ['owner'] });
    return presentInstitution(db, await handOver(app, user, institution, request.body.userId), user.id);
  });
}
