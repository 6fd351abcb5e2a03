/**
 * Authenticates a socket from the same session cookie the REST API reads: the signed `onair.sid` cookie
 * is verified, its session loaded from the store, and the user must still be active. A socket without a
 * valid session connects as signed out and gets only public rooms.
 */
import type { FastifyInstance } from 'fastify';
import { parse as parseCookie } from 'cookie';
import type { UserRow } from '../db/schema.ts';
import { SESSION_COOKIE } from '../plugins/auth.ts';
import { findUserById } from '../modules/users/repository.ts';

export interface SocketIdentity {
  user: UserRow | null;
  sessionId: string | null;
}

export async function identifySocket(app: FastifyInstance, cookieHeader: string | undefined): Promise<SocketIdentity> {
  const anonymous = { user: null, sessionId: null };
  if (!cookieHeader) return anonymous;
  const signed = parseCookie(cookieHeader)[SESSION_COOKIE];
  if (!signed) return anonymous;
  const unsigned = app.sessionSigner.unsign(signed);
  if (!unsigned.valid || !unsigned.value) return anonymous;
  const sessionId = unsigned.value;
  const session = await new Promise<{ userId?: number } | null>((resolve) =>
    app.sessionStore.get(sessionId, (err, value) => resolve(err ? null : (value ?? null))),
  );
  if (!session?.userId) return anonymous;
  const user = await findUserById(app.db.kysely, session.userId);
  if (!user || user.status !== 'active') return anonymous;
  return { user, sessionId };
}
