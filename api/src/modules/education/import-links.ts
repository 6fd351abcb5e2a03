/**
 * The link an account made by a CSV import uses to choose its password (or to give way to an account
 * its owner already has: invitation-routes.ts). One unused link per account and school: making one
 * replaces the last, which stops working. With a mail server each link goes to the account's address;
 * without one the staff are shown it and pass it on. Staff who could remove the student make a new
 * one from the Members list, for a link lost, never received or passed to the wrong person:
 * POST /api/education-institutions/:id/members/:userId/link.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MemberParamsSchema, removableBy, type ImportLinkSent } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';
import { deliver, deliverAll, type BatchStop, type MailMessage, type Mailer } from '../mail/mailer.ts';
import { requireInstitution, STAFF_ROLES, withArticle } from './access.ts';
import { hashToken, invitationLink, INVITED_PASSWORD_HASH, newToken } from './invitation-tokens.ts';
import { memberOf } from './membership-changes.ts';

/** A new link for an imported account, replacing the one it has not used. Answers the token. */
export async function newImportLink(db: Kysely<Database>, institutionId: number, userId: number, now = Date.now()): Promise<string> {
  const token = newToken();
  // In one transaction: two staff asking at once must not leave two links working.
  const replace = async (trx: Kysely<Database>) => {
    await trx.deleteFrom('institutionInvitations').where('institutionId', '=', institutionId).where('userId', '=', userId).where('acceptedAt', 'is', null).execute();
    await trx.insertInto('institutionInvitations').values({ tokenHash: hashToken(token), institutionId, userId, createdAt: now, acceptedAt: null }).execute();
  };
  await (db.isTransaction ? replace(db) : db.transaction().execute(replace));
  return token;
}

export interface ImportedAccount {
  email: string;
  username: string;
  token: string;
}

/** The message that gives an imported account its link. */
function importLinkMessage(app: FastifyInstance, institution: { name: string }, sender: { username: string }, account: ImportedAccount): MailMessage {
  return {
    to: account.email,
    subject: `Your ${institution.name} account on OnAir`,
    text:
      `${sender.username} made you an account on OnAir to join ${institution.name} as a student (username ${account.username}).\n\n` +
      `Open this link to choose your password, or to sign in with an OnAir account you already have:\n${invitationLink(app.config.publicUrl, account.token)}\n`,
  };
}

/**
 * Mails each account its link, for at most MAIL_BATCH_WAIT_MS (the import's request waits). Answers the
 * addresses a mail server took (the staff are shown the others' links) and why it stopped early, if it did.
 */
export async function mailImportLinks(
  app: FastifyInstance,
  mailer: Mailer,
  institution: { name: string },
  sender: { username: string },
  accounts: readonly ImportedAccount[],
): Promise<{ mailed: Set<string>; stopped: BatchStop | null }> {
  const messages = accounts.map((account) => importLinkMessage(app, institution, sender, account));
  const { taken, stopped } = await deliverAll(mailer, messages, app.log, app.config.mailBatchWaitMs);
  return { mailed: new Set(accounts.filter((_, i) => taken[i]).map((account) => account.email)), stopped };
}

export function importLinkRoutes(app: ZodApp, mailer: Mailer) {
  const db = app.db.kysely;

  app.post('/api/education-institutions/:id/members/:userId/link', { onRequest: app.requireUser, schema: { params: MemberParamsSchema } }, async (request): Promise<ImportLinkSent> => {
    const user = signedInUser(request);
    const { institution, role } = await requireInstitution(db, user, request.params.id, { allowed: STAFF_ROLES });
    const member = await memberOf(db, institution, request.params.userId);
    if (!removableBy(user.role === 'admin', role).includes(member.role)) {
      throw forbidden(`userId: ${role ? withArticle(role) : 'you'} cannot send ${withArticle(member.role)} a link`);
    }
    if (member.passwordHash !== INVITED_PASSWORD_HASH) throw conflict(`userId: ${member.username} has chosen a password already and signs in with it`);
    const token = await newImportLink(db, institution.id, member.id);
    const delivered = await deliver(mailer, importLinkMessage(app, institution, user, { email: member.email, username: member.username, token }), app.log);
    request.log.info({ institutionId: institution.id, userId: member.id, by: user.id, delivered }, 'import link made again');
    return { delivered, link: delivered ? null : invitationLink(app.config.publicUrl, token) };
  });
}
