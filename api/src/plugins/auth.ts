/**
 * Cookies, sessions and the one reusable role guard every route uses.
 *
 * `request.user` is the signed-in, active user or null, resolved in an onRequest hook; `app.requireUser`
 * and `app.requireRole(...)` are route-level onRequest guards, so they answer 401/403 before the body
 * is validated (http/typed-routes.ts). Handlers read the user with `signedInUser(request)`. The server is the authority on roles: the client only hides what a role cannot use.
 */
import fastifyCookie, { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@onair/protocol';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { findUserById } from '../modules/users/repository.ts';
import { registerDeferredSession } from './deferred-session.ts';
import { DatabaseSessionStore } from './session-store.ts';
import { DAY_MS } from '@onair/protocol';

export const SESSION_COOKIE = 'onair.sid';
const SESSION_MAX_AGE_MS = 14 * DAY_MS;

/** A route's `onRequest` guard: throws 401 or 403, or lets the request on. */
export type RouteGuard = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface Session {
    userId?: number;
  }
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    sessionStore: DatabaseSessionStore;
    /** Signs and reads the session cookie; the socket handshake uses it too. */
    sessionSigner: Signer;
    requireUser: RouteGuard;
    requireRole: (...roles: Role[]) => RouteGuard;
    /** Starts a fresh session (new id) for a user: called at login and registration. */
    signIn: (request: FastifyRequest, user: UserRow) => Promise<void>;
    /** Ends the request's session and clears its cookie: logout, or an account no longer active. */
    endSession: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

async function authPlugin(app: FastifyInstance) {
  const store = new DatabaseSessionStore(app.db.kysely);
  app.decorate('sessionStore', store);
  const signer = new Signer(app.config.sessionSecret);
  app.decorate('sessionSigner', signer);

  await app.register(fastifyCookie);
  await registerDeferredSession(app, {
    secret: signer,
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      path: '/',
      maxAge: SESSION_MAX_AGE_MS,
    },
  });

  app.decorateRequest('user', null);

  // Resolve the user once per request, before route guards and validation (both onRequest-time or
  // later). A suspended or deleted account has no session any more.
  // Done-style, so a signed-out request (most of them) passes without a promise or a microtask.
  async function resolveUser(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const user = await findUserById(app.db.kysely, userId);
    if (!user || user.status !== 'active') {
      await app.endSession(request, reply);
      return;
    }
    request.user = user;
  }
  app.addHook('onRequest', (request, reply, done) => {
    const userId = request.session.get('userId');
    if (!userId) return done();
    resolveUser(request, reply, userId).then(() => done(), done);
  });

  app.decorate('signIn', async (request, user) => {
    // A new session id at every sign-in defeats session fixation.
    await request.session.regenerate();
    request.session.set('userId', user.id);
    request.user = user;
    await request.session.save();
  });

  app.decorate('endSession', async (request, reply) => {
    await request.session.destroy();
    // The plugin leaves the cookie of a destroyed session, and a cookie naming no session is not
    // cleared later either (deferred-session.ts), so the response that ends one clears it.
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.decorate('requireUser', async (request) => {
    if (!request.user) throw unauthorized();
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request) => {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) {
      throw forbidden(`This needs the ${roles.join(' or ')} role`);
    }
  });

  // Expired sessions are deleted hourly; reads already ignore them.
  const pruneTimer = setInterval(() => void store.pruneExpired().catch(() => undefined), 3600_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));
}

export default fp(authPlugin, { name: 'auth', dependencies: ['context'] });
