/**
 * Expired invitations are deleted, in time: an emailed link (or an imported account's) unused
 * EMAILED_INVITATION_TTL_DAYS after it was sent, and an invitation to an existing account unanswered
 * ACCOUNT_INVITATION_TTL_DAYS after it was asked, are kept EXPIRED_INVITATIONS_KEPT_DAYS longer, so
 * that a late visitor's screen (and a late accept's 410) still says the invitation expired rather than
 * that nobody knows it; then they go. Used links stay: their screen says the invitation was accepted.
 * An imported account outlives its link: the staff make it a new one from Members. Hourly, on every
 * API node (deleting what another node deleted first deletes nothing).
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DAY_MS, INVITATION_TTL_MS } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';

export const EXPIRED_INVITATIONS_KEPT_DAYS = 90;
const SWEEP_EVERY_MS = 3600_000;

/** Deletes the invitations expired more than EXPIRED_INVITATIONS_KEPT_DAYS ago; answers how many went. */
export async function sweepExpiredInvitations(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const keptAfterExpiry = EXPIRED_INVITATIONS_KEPT_DAYS * DAY_MS;
  const emailed = await db
    .deleteFrom('institutionRoleInvitations')
    .where('acceptedAt', 'is', null)
    .where('createdAt', '<', now - INVITATION_TTL_MS.email - keptAfterExpiry)
    .executeTakeFirst();
  const asked = await db
    .deleteFrom('institutionAccountInvitations')
    .where('createdAt', '<', now - INVITATION_TTL_MS.account - keptAfterExpiry)
    .executeTakeFirst();
  const imported = await db
    .deleteFrom('institutionInvitations')
    .where('acceptedAt', 'is', null)
    .where('createdAt', '<', now - INVITATION_TTL_MS.import - keptAfterExpiry)
    .executeTakeFirst();
  return [emailed, asked, imported].reduce((sum, deleted) => sum + Number(deleted.numDeletedRows), 0);
}

export function startInvitationSweep(app: FastifyInstance) {
  const timer = setInterval(() => {
    sweepExpiredInvitations(app.db.kysely).catch((error) => app.log.warn({ err: error }, 'expired invitation sweep failed'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
