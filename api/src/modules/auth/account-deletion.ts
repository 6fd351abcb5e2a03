/**
 * Deleting one's own account (DELETE /api/user), as privacy law and the app stores expect a person
 * can: the password is asked again, then the account goes with everything that is only theirs.
 *
 * Their items go first, one by one, the way a creator deletes them (content/removal.ts: files,
 * feeds, open pages told), then the account row, whose foreign keys take the rest: chat messages,
 * votes, questions, rewards, devices, downloads' records, memberships, notifications, sessions.
 * Payments keep their rows with the payer unlinked (the books must add up). Every sign-in of the
 * account ends, its sockets on every node are cut, and this browser's cookie is cleared.
 *
 * Refused (409, nothing written) where deleting would take more than the person's own things or
 * leave OnAir without a way to run it: the last active admin; the owner of a school or church that has
 * other members (their places hang on it: the owner hands it over first, membership-changes.ts); an item on air
 * (its broadcast ends in the Studio first). A school or church of the owner's alone goes with them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DeleteAccountRequest } from '@onair/protocol';
import { conflict, forbidden, unauthorized } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { hashSessionId } from '../../plugins/session-store.ts';
import { endSessionSockets } from '../../realtime/socket-guard.ts';
import { deleteContent } from '../content/removal.ts';
import { PASSWORD_CHANGE_LIMIT } from './password-change.ts';
import { verifyPassword } from './passwords.ts';

export const WRONG_PASSWORD = 'password is not your current password';

export async function deleteAccount(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, input: DeleteAccountRequest): Promise<void> {
  const user = request.user;
  if (!user) throw unauthorized();
  const db = app.db.kysely;
  // The same budget as password changes: a stolen session cannot guess its way to a deletion.
  await enforceRateLimit(app.rateLimiter, `password:user:${user.id}`, PASSWORD_CHANGE_LIMIT, 'Too many attempts; wait a little');
  if (!(await verifyPassword(user.passwordHash, input.password))) throw forbidden(WRONG_PASSWORD);

  if (user.role === 'admin') {
    const admins = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').where('status', '=', 'active').executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) throw conflict('You are the only admin: make another account an admin first, so that someone can still run OnAir');
  }
  // A school or church of the owner's alone goes with the account; one with members stays theirs.
  const withMembers = await db
    .selectFrom('institutions')
    .select('institutions.name')
    .where('institutions.ownerId', '=', user.id)
    .where((eb) => eb.exists(eb.selectFrom('institutionMembers').select('institutionMembers.userId').whereRef('institutionMembers.institutionId', '=', 'institutions.id').where('institutionMembers.userId', '!=', user.id)))
    .orderBy('institutions.id')
    .execute();
  if (withMembers.length > 0) {
    const names = withMembers.map((i) => i.name).join(', ');
    const it = withMembers.length === 1 ? 'it' : 'them';
    throw conflict(`You own ${names}, whose members' places depend on ${it}: hand ${it} to a teacher or pastor first (Members), or remove the other members, so that this account can go`);
  }
  const items = await db.selectFrom('content').select(['id', 'status']).where('creatorId', '=', user.id).execute();
  if (items.some((item) => item.status === 'live')) throw conflict('One of your broadcasts is on air: end it in the Studio first');

  for (const item of items) await deleteContent(app, user, item.id);
  // Read before the row goes: its sessions go with it.
  const sessions = await app.sessionStore.hashesForUser(user.id);
  const own = hashSessionId(request.session.sessionId);
  await app.endSession(request, reply);
  await app.sessionStore.destroyAllForUser(user.id);
  await db.deleteFrom('users').where('id', '=', user.id).execute();
  endSessionSockets(app, own, ...sessions);
  request.log.info({ userId: user.id, items: items.length }, 'account deleted by its owner');
}
