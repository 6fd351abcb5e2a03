/**
 * Authenticates a socket from the same session cookie the REST API reads: the signed `onair.sid` cookie
 * is verified, its session loaded from the store, and the user must still be active. A socket without a
 * valid session connects as signed out and gets only public rooms.
 */
import type { FastifyInstance } from 'fastify';
import { parse as parseCookie } from 'cookie';
import type { UserRow } from '../db/schema.ts';
import { SESSION_COOKIE } from '../plugins/auth.ts';
import { hashSessionId } from '../plugins/session-store.ts';
import { findUserById } from '../modules/users/repository.ts';

export interface SocketIdentity {
  user: UserRow | null;
  /** The session id's hash (rooms.session), never the id itself. */
  sessionHash: string | null;
  sessionExpiresAt: number | null;
}

const ANONYMOUS: SocketIdentity = { user: null, sessionHash: null, sessionExpiresAt: null };

export async function identifySocket(app: FastifyInstance, cookieHeader: string | undefined): Promise<SocketIdentity> {
  if (!cookieHeader) return ANONYMOUS;
  const signed = parseCookie(cookieHeader)[SESSION_COOKIE];
  if (!signed) return ANONYMOUS;
  const unsigned = app.sessionSigner.unsign(signed);
  if (!unsigned.valid || !unsigned.value) return ANONYMOUS;
  const sessionHash = hashSessionId(unsigned.value);
  const session = await app.sessionStore.findByHash(sessionHash);
  if (!session?.userId) return ANONYMOUS;
  const user = await findUserById(app.db.kysely, session.userId);
  if (!user || user.status !== 'active') return ANONYMOUS;
  return { user, sessionHash, sessionExpiresAt: session.expiresAt };
}

/**
 * Whether a socket's recorded identity (from before a short disconnection) still holds: the same
 * session, unexpired, of an active user with the same role. Connection state recovery replays missed
 * events, so it is allowed only then.
 */
export async function identityStillHolds(
  app: FastifyInstance,
  data: { userId?: number | null; role?: string | null; sessionId?: string | null } | undefined,
): Promise<boolean> {
  if (!data?.userId) return !data?.sessionId;
  if (!data.sessionId) return false;
  const session = await app.sessionStore.findByHash(data.sessionId);
  if (!session || session.userId !== data.userId) return false;
  const user = await findUserById(app.db.kysely, data.userId);
  return Boolean(user && user.status === 'active' && user.role === data.role);
}
