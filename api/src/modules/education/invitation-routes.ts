/**
 * Invitations that create or link accounts. An owner (teachers too, for students) invites an email
 * address with a role; the email carries a link to /invitation/{token}, where the invited person signs
 * in or creates an account and joins with that role. Accounts made by a CSV import have an invitation
 * too: its owner chooses a password there, or signs in with an account they already have, which then
 * takes the imported account's place (membership and rosters) and the unused import is removed.
 * An emailed link works for EMAILED_INVITATION_TTL_DAYS; after that the screen says so and joining
 * answers 410, and the school invites the address again. Inviting an address again replaces the link
 * it was sent before, if unused. An imported account's link works as long; then its staff make it a
 * new one from Members (import-links.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  INVITATION_TTL_MS,
  InstitutionIdParamsSchema,
  InvitationAcceptRequestSchema,
  InvitationCreateRequestSchema,
  InvitationTokenParamsSchema,
  type InstitutionRole,
  type InvitationCreated,
  type InvitationView,
} from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { conflict, gone, notFound } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { deliver, type Mailer } from '../mail/mailer.ts';
import { requireInstitution } from './access.ts';
import { hashToken, invitationLink, INVITED_PASSWORD_HASH, newToken } from './invitation-tokens.ts';
import { presentInstitution } from './institutions.ts';
import { assertRoomForStudents } from './tiers.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

const used = () => notFound('token: this invitation is unknown or already used');

/**
 * Emails `email` a new link to join as `role`, replacing any link the address was sent before and did
 * not use (one working link at a time, its lifetime from now). Without a mail server, or when it
 * refuses the message, the inviter gets the link to pass on themselves.
 */
export async function emailInvitation(
  app: FastifyInstance,
  mailer: Mailer,
  invitation: { institution: { id: number; name: string }; email: string; role: 'teacher' | 'student'; inviter: { id: number; username: string } },
  now = Date.now(),
): Promise<InvitationCreated> {
  const { institution, email, role, inviter } = invitation;
  const token = newToken();
  const link = invitationLink(app.config.publicUrl, token);
  await app.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('institutionRoleInvitations').where('institutionId', '=', institution.id).where('email', '=', email).where('acceptedAt', 'is', null).execute();
    await trx.insertInto('institutionRoleInvitations').values({ tokenHash: hashToken(token), institutionId: institution.id, email, role, invitedBy: inviter.id, createdAt: now }).execute();
  });
  // A refused message leaves the invitation standing: the inviter is given the link instead.
  const message = {
    to: email,
    subject: `You are invited to ${institution.name} on OnAir`,
    text: `${inviter.username} invited you to join ${institution.name} on OnAir as a ${role}.\n\nOpen this link to sign in or create your account and join:\n${link}\n`,
  };
  const delivered = await deliver(mailer, message, app.log);
  return { email, role, delivered, link: delivered ? null : link };
}

export function invitationRoutes(app: ZodApp, mailer: Mailer) {
  const db = app.db.kysely;

  app.post('/api/education-institutions/:id/invitations', { onRequest: app.requireUser, schema: { params: InstitutionIdParamsSchema, body: InvitationCreateRequestSchema } }, async (request, reply) => {
    const { email, role } = request.body;
    const user = signedInUser(request);
    const { institution } = await requireInstitution(db, user, request.params.id, { allowed: role === 'teacher' ? ['owner'] : ['owner', 'teacher'], kind: 'school' });
    return reply.code(201).send(await emailInvitation(app, mailer, { institution, email, role, inviter: user }));
  });

  app.get('/api/education-invitations/:token', { schema: { params: InvitationTokenParamsSchema } }, async (request): Promise<InvitationView> => {
    const { token } = request.params;
    const found = await findInvitation(hashToken(token));
    if (!found) throw used();
    const institution = await db.selectFrom('institutions').select(['id', 'name', 'type']).where('id', '=', found.institutionId).executeTakeFirstOrThrow();
    return {
      institution,
      role: found.role,
      email: found.email,
      placeholderUsername: found.placeholder?.username ?? null,
      accepted: found.acceptedAt !== null,
      expiresAt: new Date(found.expiresAt).toISOString(),
      expired: isExpired(found),
    };
  });

  /** The signed-in caller joins with the invited role (after signing in or registering on the invitation screen). */
  app.post('/api/education-invitations/:token/join', { onRequest: app.requireUser, schema: { params: InvitationTokenParamsSchema } }, async (request) => {
    const { token } = request.params;
    const user = signedInUser(request);
    const tokenHash = hashToken(token);
    const found = await findInvitation(tokenHash);
    if (!found || found.acceptedAt !== null) throw used();
    const institution = await db.selectFrom('institutions').selectAll().where('id', '=', found.institutionId).executeTakeFirstOrThrow();
    await refuseExpired(found, institution);
    await db.transaction().execute(async (trx) => {
      if (found.placeholder && found.placeholder.id !== user.id) await takeOverPlaceholder(trx, found.placeholder.id, user.id);
      const existing = await trx.selectFrom('institutionMembers').select('role').where('institutionId', '=', institution.id).where('userId', '=', user.id).executeTakeFirst();
      if (existing && existing.role !== found.role) throw conflict(`token: you are already a ${existing.role} of ${institution.name}`);
      if (!existing) {
        if (found.role === 'student') await assertRoomForStudents(trx, institution.id, institution.subscriptionTier, 1);
        await trx.insertInto('institutionMembers').values({ institutionId: institution.id, userId: user.id, role: found.role, createdAt: Date.now() }).execute();
      }
      await markAccepted(trx, tokenHash, found.kind, user.id);
      // Joined: a request to the same account from the same school has nothing left to ask.
      await trx.deleteFrom('institutionAccountInvitations').where('institutionId', '=', institution.id).where('userId', '=', user.id).execute();
    });
    const row = await db.selectFrom('institutions').selectAll().where('id', '=', institution.id).executeTakeFirstOrThrow();
    return presentInstitution(db, row, user.id);
  });

  /** An account made by a CSV import chooses its password, and is signed in with it. */
  app.post('/api/education-invitations/accept', { schema: { body: InvitationAcceptRequestSchema } }, async (request) => {
    const input = request.body;
    const tokenHash = hashToken(input.token);
    const found = await findInvitation(tokenHash);
    if (!found || found.kind !== 'import' || found.acceptedAt !== null || !found.placeholder) throw used();
    await refuseExpired(found);
    const { id: userId } = found.placeholder;
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ passwordHash }).where('id', '=', userId).where('passwordHash', '=', INVITED_PASSWORD_HASH).execute();
      await markAccepted(trx, tokenHash, 'import', userId);
    });
    const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    await app.signIn(request, user);
    return { username: user.username };
  });

  type Found = {
    kind: 'email' | 'import';
    institutionId: number;
    role: InstitutionRole;
    email: string | null;
    acceptedAt: number | null;
    /** When the link stops working. */
    expiresAt: number;
    placeholder: { id: number; username: string } | null;
  };

  const isExpired = (found: Found, now = Date.now()) => found.acceptedAt === null && found.expiresAt <= now;

  /**
   * 410 for a link past its lifetime, saying who renews it: the school invites again, or makes an
   * imported account a new link. The school's name is read only then, when the caller has not read it.
   */
  async function refuseExpired(found: Found, institution?: { name: string }) {
    if (!isExpired(found)) return;
    institution ??= await db.selectFrom('institutions').select('name').where('id', '=', found.institutionId).executeTakeFirstOrThrow();
    const renew = found.kind === 'import' ? `ask ${institution.name} for a new link` : `ask ${institution.name} to invite you again`;
    throw gone(`token: this invitation expired on ${new Date(found.expiresAt).toUTCString()}: ${renew}`);
  }

  async function findInvitation(tokenHash: string): Promise<Found | null> {
    const byEmail = await db.selectFrom('institutionRoleInvitations').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
    if (byEmail) {
      const { institutionId, role, email, acceptedAt, createdAt } = byEmail;
      return { kind: 'email', institutionId, role, email, acceptedAt, expiresAt: Number(createdAt) + INVITATION_TTL_MS.email, placeholder: null };
    }
    const imported = await db
      .selectFrom('institutionInvitations')
      .innerJoin('users', 'users.id', 'institutionInvitations.userId')
      .select(['institutionInvitations.institutionId', 'institutionInvitations.acceptedAt', 'institutionInvitations.createdAt', 'users.id', 'users.username', 'users.email', 'users.passwordHash'])
      .where('tokenHash', '=', tokenHash)
      .executeTakeFirst();
    if (!imported) return null;
    const stillPlaceholder = imported.passwordHash === INVITED_PASSWORD_HASH;
    return {
      kind: 'import',
      institutionId: imported.institutionId,
      role: 'student',
      email: imported.email,
      acceptedAt: imported.acceptedAt,
      expiresAt: Number(imported.createdAt) + INVITATION_TTL_MS.import,
      placeholder: stillPlaceholder ? { id: imported.id, username: imported.username } : null,
    };
  }
}

async function markAccepted(trx: Transaction<Database>, tokenHash: string, kind: 'email' | 'import', userId: number) {
  const now = Date.now();
  if (kind === 'email') await trx.updateTable('institutionRoleInvitations').set({ acceptedAt: now, acceptedBy: userId }).where('tokenHash', '=', tokenHash).execute();
  else await trx.updateTable('institutionInvitations').set({ acceptedAt: now }).where('tokenHash', '=', tokenHash).execute();
}

/** The caller's own account replaces an unused imported one: its memberships and rosters move over, then it is removed. */
async function takeOverPlaceholder(trx: Transaction<Database>, placeholderId: number, userId: number) {
  const memberships = await trx.selectFrom('institutionMembers').selectAll().where('userId', '=', placeholderId).execute();
  for (const m of memberships) {
    await trx.insertInto('institutionMembers').values({ ...m, userId }).onConflict((oc) => oc.columns(['institutionId', 'userId']).doNothing()).execute();
  }
  const rosters = await trx.selectFrom('courseEnrolments').selectAll().where('userId', '=', placeholderId).execute();
  for (const r of rosters) {
    await trx.insertInto('courseEnrolments').values({ ...r, userId }).onConflict((oc) => oc.columns(['courseId', 'userId']).doNothing()).execute();
  }
  await trx.updateTable('institutionInvitations').set({ acceptedAt: Date.now() }).where('userId', '=', placeholderId).where('acceptedAt', 'is', null).execute();
  await trx.deleteFrom('users').where('id', '=', placeholderId).where('passwordHash', '=', INVITED_PASSWORD_HASH).execute();
}
