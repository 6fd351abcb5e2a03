/**
 * The invitations a school or church is waiting on, for its staff: links emailed to addresses and
 * requests to existing accounts that nobody has answered (expired ones too, until the sweep deletes
 * them: invitation-sweep.ts). GET /api/education-institutions/:id/invitations lists them; DELETE on
 * the same path, `{kind, invitee}`, withdraws one: the link stops working, the request leaves the
 * person's list and they are told; POST …/invitations/resend, `{kind, invitee}`, sends it again with a new lifetime.
 * Who may withdraw or resend one is who may remove its role (protocol's `removableBy`).
 */
import {
  InstitutionIdParamsSchema,
  InvitationCancelRequestSchema,
  InvitationResendRequestSchema,
  INVITATION_TTL_MS,
  removableBy,
  type InvitationCancelRequest,
  type InvitationResent,
  type PendingInvitation,
} from '@onair/protocol';
import { forbidden, notFound } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { usernameKey } from '../users/repository.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireInstitution, withArticle } from './access.ts';
import { inviteAccount, notifyInvited, notifyWithdrawn } from './account-invitations.ts';
import { emailInvitation } from './invitation-routes.ts';

/** Each role's staff: a school's owner and teachers, a church's owner and pastors. */
const STAFF = { allowed: ['owner', 'teacher', 'pastor'] as const };

export function pendingInvitationRoutes(app: ZodApp, mailer: Mailer) {
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

  /**
   * The waiting invitation a staff request names (`{kind, invitee}`), refused unless the caller may
   * remove its role: withdrawing or resending one is within the same reach.
   */
  async function waitingInvitation(user: UserRow, institutionId: number, { kind, invitee }: InvitationCancelRequest, action: 'withdraw' | 'resend') {
    const { institution, role } = await requireInstitution(db, user, institutionId, STAFF);
    const reach = removableBy(user.role === 'admin', role);
    const mayReach = <T extends { role: PendingInvitation['role'] }>(found: T | undefined, name: string): T => {
      if (!found) throw notFound(`invitee: no invitation to ${name} is waiting`);
      if (!reach.includes(found.role)) throw forbidden(`invitee: ${role ? withArticle(role) : 'you'} cannot ${action} an invitation to ${withArticle(found.role)}`);
      return found;
    };
    if (kind === 'email') {
      const email = invitee.toLowerCase();
      const found = await db.selectFrom('institutionRoleInvitations').select(['tokenHash', 'role']).where('institutionId', '=', institution.id).where('email', '=', email).where('acceptedAt', 'is', null).executeTakeFirst();
      return { institution, waiting: { kind, email, ...mayReach(found, email) } };
    }
    const found = await db
      .selectFrom('institutionAccountInvitations as inv')
      .innerJoin('users', 'users.id', 'inv.userId')
      .select(['inv.id', 'inv.userId', 'inv.role', 'inv.courseId'])
      .where('inv.institutionId', '=', institution.id)
      .where('users.usernameKey', '=', usernameKey(invitee))
      .executeTakeFirst();
    return { institution, waiting: { kind, ...mayReach(found, invitee) } };
  }

  app.delete('/api/education-institutions/:id/invitations', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: InvitationCancelRequestSchema } }, async (request, reply) => {
    const user = signedInUser(request);
    const { institution, waiting } = await waitingInvitation(user, request.params.id, request.body, 'withdraw');
    if (waiting.kind === 'email') await db.deleteFrom('institutionRoleInvitations').where('tokenHash', '=', waiting.tokenHash).where('acceptedAt', 'is', null).execute();
    else {
      const deleted = await db.deleteFrom('institutionAccountInvitations').where('id', '=', waiting.id).executeTakeFirst();
      // Told only when this call took it away (not when they answered meanwhile).
      if (Number(deleted.numDeletedRows) > 0) await notifyWithdrawn(app, waiting, institution, user);
    }
    request.log.info({ institutionId: institution.id, kind: waiting.kind, by: user.id }, 'invitation withdrawn');
    return reply.code(204).send();
  });

  /**
   * Sends a waiting invitation again, expired or not, as the same role (and roster): an emailed one as a
   * new link (the old one stops working), an account's as a renewed request and a new notification.
   * Its lifetime starts again; the one who resends becomes its sender.
   */
  app.post('/api/education-institutions/:id/invitations/resend', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: InvitationResendRequestSchema } }, async (request): Promise<InvitationResent> => {
    const user = signedInUser(request);
    const { institution, waiting } = await waitingInvitation(user, request.params.id, request.body, 'resend');
    const now = Date.now();
    if (waiting.kind === 'email') {
      const { delivered, link } = await emailInvitation(app, mailer, { institution, email: waiting.email, role: waiting.role, inviter: user }, now);
      return { expiresAt: new Date(now + INVITATION_TTL_MS.email).toISOString(), delivered, link };
    }
    const { userId, role, courseId } = waiting;
    await inviteAccount(db, { institutionId: institution.id, userId, role, courseId, invitedBy: user.id }, now);
    await notifyInvited(app, [{ userId, role }], institution, user);
    return { expiresAt: new Date(now + INVITATION_TTL_MS.account).toISOString(), delivered: true, link: null };
  });
}
