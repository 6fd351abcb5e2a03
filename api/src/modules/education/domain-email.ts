/**
 * Proving an institution's domain by email, beside the DNS TXT record: a code goes to one of the
 * domain's administrative mailboxes (admin@, webmaster@ …, the ones certificate authorities accept);
 * whoever reads that mailbox either follows the link in it or gives the code to the owner, and the
 * institution is marked verified. Only the code's hash is stored, and it expires after a day.
 */
import { createHash, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DAY_MS, VERIFICATION_CODE_LENGTH, type VerificationEmailSent } from '@onair/protocol';
import type { InstitutionRow } from '../../db/schema-education.ts';
import { badRequest, HttpError, unprocessable } from '../../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';

export const CODE_TTL_MS = DAY_MS;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const hashCode = (institutionId: number, code: string) => createHash('sha256').update(`${institutionId}:${code.toUpperCase()}`).digest('hex');

export function newCode(): string {
  return Array.from({ length: VERIFICATION_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}

export async function sendDomainProof(app: FastifyInstance, mailer: Mailer, institution: InstitutionRow, mailbox: string, now = Date.now()): Promise<VerificationEmailSent> {
  if (!institution.domain) throw badRequest('domain: this institution has no domain to verify');
  const to = `${mailbox}@${institution.domain}`;
  const code = newCode();
  const expiresAt = now + CODE_TTL_MS;
  const link = `${app.config.publicUrl}/api/education-domain-proofs/${institution.id}/${code}`;
  await mailer
    .send({
      to,
      subject: `Confirm ${institution.domain} for ${institution.name} on OnAir`,
      text:
        `Someone registered ${institution.name} on OnAir with the domain ${institution.domain} and asked to prove it through this mailbox.\n\n` +
        `To confirm, open this link:\n${link}\n\nor give the institution's owner this code: ${code}\n\n` +
        `The code expires in 24 hours. If you did not expect this, ignore this email: nothing changes.`,
    })
    .catch((error: unknown) => {
      // Unlike an invitation's link, the code cannot be handed to the requester instead: that would prove nothing.
      app.log.warn({ err: error, to }, 'domain proof not mailed');
      throw new HttpError(502, `mailbox: the mail server did not take the message to ${to}; try again later`);
    });
  // Written after the send succeeded: a mail server that refused leaves the previous code in force.
  await app.db.kysely
    .updateTable('institutions')
    .set({ verificationEmail: to, verificationCodeHash: hashCode(institution.id, code), verificationCodeExpiresAt: expiresAt })
    .where('id', '=', institution.id)
    .execute();
  return { sentTo: to, expiresAt: new Date(expiresAt).toISOString(), delivered: mailer.delivers };
}

/** Marks the institution verified when the code is the one last sent and has not expired; used once. */
export async function confirmDomainProof(app: FastifyInstance, institutionId: number, code: string, now = Date.now()): Promise<void> {
  const db = app.db.kysely;
  const row = await db.selectFrom('institutions').select(['verified', 'verificationCodeHash', 'verificationCodeExpiresAt']).where('id', '=', institutionId).executeTakeFirst();
  if (row?.verified === 1) return;
  const valid = row?.verificationCodeHash && row.verificationCodeExpiresAt && row.verificationCodeExpiresAt > now && row.verificationCodeHash === hashCode(institutionId, code);
  if (!valid) throw unprocessable('code: this code is wrong or has expired; send a new email');
  await db.updateTable('institutions').set({ verified: 1, verificationCodeHash: null, verificationCodeExpiresAt: null }).where('id', '=', institutionId).execute();
}
