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
 * (signing in regenerates it). Requests with the cookie go through the plugin unchanged. The plugin's
 * onSend skips a session without an id, which is what an unstarted one is.
 */
import fastifySession, { type FastifySessionObject, type FastifySessionOptions } from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type SessionHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

const ignore = () => undefined;

/** What a request without the cookie holds until it needs the plugin's session. */
class UnstartedSession {
  constructor(
    private readonly app: FastifyInstance,
    private readonly startHook: SessionHook,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  /** Runs the plugin's hook now (synchronous for a request without the cookie) and returns its session. */
  private start(): FastifySessionObject {
    this.startHook.call(this.app, this.request, this.reply, ignore);
    return this.request.session;
  }

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

function deferWithoutCookie(app: FastifyInstance, hook: SessionHook, cookieName: string): SessionHook {
  return function sessionUnlessUnneeded(request, reply, done) {
    if (request.cookies[cookieName]) return hook.call(this, request, reply, done);
    request.session = new UnstartedSession(app, hook, request, reply) as unknown as FastifySessionObject;
    done();
  };
}

/** Registers @fastify/session with its onRequest hook deferred for requests without the cookie. */
export async function registerDeferredSession(app: FastifyInstance, options: FastifySessionOptions & { cookieName: string }) {
  const addHook = app.addHook;
  // The plugin adds its hooks while it registers: its onRequest hook is wrapped on the way in.
  app.addHook = function (this: FastifyInstance, name: string, hook: unknown) {
    const wrapped = name === 'onRequest' ? deferWithoutCookie(app, hook as SessionHook, options.cookieName) : hook;
    return (addHook as (name: string, hook: unknown) => FastifyInstance).call(this, name, wrapped);
  } as FastifyInstance['addHook'];
  try {
    await app.register(fastifySession, options);
  } finally {
    app.addHook = addHook;
  }
}
