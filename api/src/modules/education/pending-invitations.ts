/**
 * The invitations a school or church is waiting on, for its staff: links emailed to addresses and
 * requests to existing accounts that nobody has answered (expired ones too, until the sweep deletes
 * them: invitation-sweep.ts). GET /api/education-institutions/:id/invitations lists them; DELETE on
 * the same path, `{kind, invitee}`, withdraws one: the link stops working, the request leaves the
 * person's list. Who may withdraw one is who may remove its role (protocol's `removableBy`); to send
 * one again, the staff invite the address or the account again.
 */
import {
  InstitutionIdParamsSchema,
  InvitationCancelRequestSchema,
  INVITATION_TTL_MS,
  removableBy,
  type PendingInvitation,
} from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { usernameKey } from '../users/repository.ts';
import { requireInstitution, withArticle } from './access.ts';

/** Each role's staff: a school's owner and teachers, a church's owner and pastors. */
const STAFF = { allowed: ['owner', 'teacher', 'pastor'] as const };

export function pendingInvitationRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/education-institutions/:id/invitations', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema } }, async (request): Promise<PendingInvitation[]> => {
    const { institution } = await requireInstitution(db, signedInUser(request), request.params.id, STAFF);
    const [emailed, asked] = await Promise.all([
      db
        .selectFrom('institutionRoleInvitations as inv')
        .leftJoin('users as inviter', 'inviter.id', 'inv.invitedBy')
        .select(['inv.email as invitee', 'inv.role', 'inv.createdAt', 'inviter.username as invitedBy'])
        .where('inv.institutionId', '=', institution.id)
        .where('inv.acceptedAt', 'is', null)
        .execute(),
      db
        .selectFrom('institutionAccountInvitations as inv')
        .innerJoin('users as invitee', 'invitee.id', 'inv.userId')
        .leftJoin('users as inviter', 'inviter.id', 'inv.invitedBy')
        .leftJoin('courses', 'courses.id', 'inv.courseId')
        .select(['invitee.username as invitee', 'inv.role', 'inv.createdAt', 'inviter.username as invitedBy', 'courses.title as courseTitle'])
        .where('inv.institutionId', '=', institution.id)
        .execute(),
    ]);
    const now = Date.now();
    const present = (kind: PendingInvitation['kind'], row: { invitee: string; role: PendingInvitation['role']; createdAt: number; invitedBy: string | null; courseTitle?: string | null }): PendingInvitation => {
      const sentAt = Number(row.createdAt);
      const expiresAt = sentAt + INVITATION_TTL_MS[kind];
      return { kind, invitee: row.invitee, role: row.role, courseTitle: row.courseTitle ?? null, invitedBy: row.invitedBy, sentAt: new Date(sentAt).toISOString(), expiresAt: new Date(expiresAt).toISOString(), expired: expiresAt <= now };
    };
    return [...emailed.map((row) => present('email', row)), ...asked.map((row) => present('account', row))].sort((a, b) => b.sentAt.localeCompare(a.sentAt) || a.invitee.localeCompare(b.invitee));
  });

  app.delete('/api/education-institutions/:id/invitations', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: InvitationCancelRequestSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const { institution, role } = await requireInstitution(db, user, request.params.id, STAFF);
    const { kind, invitee } = request.body;
    const reach = removableBy(user.role === 'admin', role);
    const mayWithdraw = (invited: PendingInvitation['role']) => {
      if (!reach.includes(invited)) throw forbidden(`invitee: ${role ? withArticle(role) : 'you'} cannot withdraw an invitation to ${withArticle(invited)}`);
    };
    if (kind === 'email') {
      const email = invitee.toLowerCase();
      const found = await db.selectFrom('institutionRoleInvitations').select(['tokenHash', 'role']).where('institutionId', '=', institution.id).where('email', '=', email).where('acceptedAt', 'is', null).executeTakeFirst();
      if (!found) throw notFound(`invitee: no invitation to ${email} is waiting`);
      mayWithdraw(found.role);
      await db.deleteFrom('institutionRoleInvitations').where('tokenHash', '=', found.tokenHash).where('acceptedAt', 'is', null).execute();
    } else {
      const found = await db
        .selectFrom('institutionAccountInvitations as inv')
        .innerJoin('users', 'users.id', 'inv.userId')
        .select(['inv.id', 'inv.role'])
        .where('inv.institutionId', '=', institution.id)
        .where('users.usernameKey', '=', usernameKey(invitee))
        .executeTakeFirst();
      if (!found) throw notFound(`invitee: no invitation to ${invitee} is waiting`);
      mayWithdraw(found.role);
      await db.deleteFrom('institutionAccountInvitations').where('id', '=', found.id).execute();
    }
    request.log.info({ institutionId: institution.id, kind, by: user.id }, 'invitation withdrawn');
    return reply.code(204).send();
  });
}
