/**
 * @fastify/session, started only for the requests that need it.
 *
 * The plugin builds a session for every request. For one without a session cookie that is a random id,
 * its HMAC signature, two SHA-256 hashes of the contents and a cookie object, all for a session nobody
 * keeps unless the request signs in (saveUninitialized is off). Most requests are like that: signed-out
 * visitors, feeds, probes. bench:reads measured this work as more than half of a cached read's cost.
 *
 * So the plugin's onRequest hook is deferred for requests without the cookie: they get an unstarted
 * session that reads as empty, and the plugin's own hook runs the moment anything else is asked of it
 * (signing in regenerates it). Requests with the cookie go through the plugin. The plugin's onSend
 * skips a session without an id, which is what an unstarted one is.
 *
 * A cookie that is genuinely ours (its signature holds) but names no session any more is treated the
 * same way: the plugin would answer it with a cleared cookie, and that clearing races the session's
 * own rotation. Changing the password or signing in again replaces the browser's cookie; a request the
 * browser sent a moment before, with the old cookie, is answered after, and its cleared cookie erased
 * the new one: the browser that had just changed its password was signed out (seen under load in
 * security.e2e). Such a request now reads as signed out and leaves the cookie alone; the routes that
 * end a session clear it themselves (auth.ts). A cookie with a bad signature is still cleared.
 */
import fastifySession, { type FastifySessionObject, type FastifySessionOptions } from '@fastify/session';
import type { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type SessionHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

const ignore = () => undefined;

/** What a request holds until it needs a session of its own: `start` makes it, puts it on the request and returns it. */
class UnstartedSession {
  constructor(private readonly start: () => FastifySessionObject) {}

  get(): undefined {
    return undefined;
  }
  isModified(): boolean {
    return false;
  }
  isSaved(): boolean {
    return false;
  }
  set(...args: Parameters<FastifySessionObject['set']>) {
    return this.start().set(...args);
  }
  regenerate(...args: unknown[]) {
    return this.startThen('regenerate', args);
  }
  save(...args: unknown[]) {
    return this.startThen('save', args);
  }
  destroy(...args: unknown[]) {
    return this.startThen('destroy', args);
  }
  reload(...args: unknown[]) {
    return this.startThen('reload', args);
  }
  touch() {
    return this.startThen('touch', []);
  }
  options(...args: Parameters<FastifySessionObject['options']>) {
    return this.startThen('options', args);
  }

  /** Starts the session and calls `method` on it (callback and promise forms alike). */
  private startThen(method: 'regenerate' | 'save' | 'destroy' | 'reload' | 'touch' | 'options', args: unknown[]): unknown {
    const session = this.start();
    return Reflect.apply(session[method], session, args);
  }
}

/** The plugin's options, its secret given as the cookie signer (unsigning tells a stale cookie from a bad one). */
type DeferredSessionOptions = FastifySessionOptions & { cookieName: string; secret: Signer };

function deferUnlessNeeded(app: FastifyInstance, hook: SessionHook, { cookieName, secret: signer }: DeferredSessionOptions): SessionHook {
  return function sessionUnlessUnneeded(request, reply, done) {
    const cookie = request.cookies[cookieName];
    if (!cookie) {
      // The plugin's hook is synchronous for a request without the cookie. The starter is passed
      // inline, not named by a const: tsx (esbuild's keepNames) gives a named closure its name with
      // Object.defineProperty each time it is made, about 0.6 µs here, on nearly every request.
      request.session = new UnstartedSession(() => (hook.call(app, request, reply, ignore), request.session)) as unknown as FastifySessionObject;
      return done();
    }
    hook.call(this, request, reply, (error?: Error) => {
      const session = request.session;
      // The plugin found no session for the cookie and made a fresh one: keep it for a sign-in only.
      if (!error && session.encryptedSessionId !== cookie && signer.unsign(cookie).valid) {
        request.session = new UnstartedSession(() => (request.session = session)) as unknown as FastifySessionObject;
      }
      done(error);
    });
  };
}

/** Registers @fastify/session with its onRequest hook deferred for requests without a live session. */
export async function registerDeferredSession(app: FastifyInstance, options: DeferredSessionOptions) {
  const addHook = app.addHook;
  // The plugin adds its hooks while it registers: its onRequest hook is wrapped on the way in.
  app.addHook = function (this: FastifyInstance, name: string, hook: unknown) {
    const wrapped = name === 'onRequest' ? deferUnlessNeeded(app, hook as SessionHook, options) : hook;
    return (addHook as (name: string, hook: unknown) => FastifyInstance).call(this, name, wrapped);
  } as FastifyInstance['addHook'];
  try {
    await app.register(fastifySession, options);
  } finally {
    app.addHook = addHook;
  }
}
