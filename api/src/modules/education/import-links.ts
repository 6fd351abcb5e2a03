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
import { deliver, type Mailer } from '../mail/mailer.ts';
import { requireInstitution, STAFF_ROLES, withArticle } from './access.ts';
import { hashToken, invitationLink, INVITED_PASSWORD_HASH, newToken } from './invitation-tokens.ts';
import { memberOf } from './membership-changes.ts';

/** How many links are mailed at once after an import (a file holds up to 5,000). */
const MAIL_CONCURRENCY = 8;

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

/** Mails one account its link; answers whether a mail server took it (the staff are shown it if not). */
function mailImportLink(app: FastifyInstance, mailer: Mailer, institution: { name: string }, sender: { username: string }, account: ImportedAccount): Promise<boolean> {
  const link = invitationLink(app.config.publicUrl, account.token);
  const message = {
    to: account.email,
    subject: `Your ${institution.name} account on OnAir`,
    text:
      `${sender.username} made you an account on OnAir to join ${institution.name} as a student (username ${account.username}).\n\n` +
      `Open this link to choose your password, or to sign in with an OnAir account you already have:\n${link}\n`,
  };
  return deliver(mailer, message, app.log);
}

/** Mails each account its link, a few at a time. Answers the addresses a mail server took. */
export async function mailImportLinks(
  app: FastifyInstance,
  mailer: Mailer,
  institution: { name: string },
  sender: { username: string },
  accounts: readonly ImportedAccount[],
): Promise<Set<string>> {
  const mailed = new Set<string>();
  // Without a mail server nothing is sent: the staff are shown every link.
  if (!mailer.delivers) return mailed;
  const queue = [...accounts];
  const sendNext = async (): Promise<void> => {
    for (let account = queue.shift(); account; account = queue.shift()) {
      if (await mailImportLink(app, mailer, institution, sender, account)) mailed.add(account.email);
    }
  };
  await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, queue.length) }, sendNext));
  return mailed;
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
    const delivered = await mailImportLink(app, mailer, institution, user, { email: member.email, username: member.username, token });
    request.log.info({ institutionId: institution.id, userId: member.id, by: user.id, delivered }, 'import link made again');
    return { delivered, link: delivered ? null : invitationLink(app.config.publicUrl, token) };
  });
}
