/**
 * Changing one's password (issue 13, finding 1): whoever may have learnt the old one loses every
 * session it opened. All of the user's sessions end, the sockets of those sessions are cut on every
 * node (through the adapter when Redis is on), and the caller gets a fresh session of their own.
 *
 * Sockets are cut by their old sessions' rooms rather than the user's room, so a socket the caller
 * opens with the new session is never caught by a cut still travelling to another node.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangePasswordRequest } from '@onair/protocol';
import { badRequest, forbidden, unauthorized } from '../../http/errors.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import { hashSessionId } from '../../plugins/session-store.ts';
import { endSessionSockets } from '../../realtime/socket-guard.ts';
import type { UserRow } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Attempts per account, right or wrong: a stolen session cannot guess the current password for long. */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowMs: 15 * 60_000 } satisfies RateLimitRule;

export const WRONG_CURRENT_PASSWORD = 'currentPassword is not your current password';

export async function changePassword(app: FastifyInstance, request: FastifyRequest, input: ChangePasswordRequest): Promise<UserRow> {
  const user = request.user;
  if (!user) throw unauthorized();
  await enforceRateLimit(app.rateLimiter, `password:user:${user.id}`, PASSWORD_CHANGE_LIMIT, 'Too many password changes; wait a little');
  // 403, not 401: the caller is signed in, and a 401 would read as "signed out" to the client.
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw forbidden(WRONG_CURRENT_PASSWORD);
  if (input.newPassword === input.currentPassword) throw badRequest('newPassword must differ from your current password');

  const passwordHash = await hashPassword(input.newPassword);
  await app.db.kysely.updateTable('users').set({ passwordHash }).where('id', '=', user.id).execute();
  const updated = { ...user, passwordHash };
  // A new session for the caller first (signIn rotates the id and deletes the old one), then every other
  // one ends. The replaced session's sockets (this browser's other tabs) are cut too: they were opened
  // with it, and would otherwise act as the user over their live connection until they reconnect.
  const replaced = hashSessionId(request.session.sessionId);
  await app.signIn(request, updated);
  const kept = hashSessionId(request.session.sessionId);
  const others = (await app.sessionStore.hashesForUser(user.id)).filter((hash) => hash !== kept);
  await app.sessionStore.destroyAllForUser(user.id, kept);
  endSessionSockets(app, replaced, ...others);
  return updated;
}
