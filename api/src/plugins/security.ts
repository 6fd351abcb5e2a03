/**
 * Browser-facing defences for every response and every state-changing request:
 *
 * - Security headers from helmet. Pages get a Content-Security-Policy the built app (Mantine's inline
 *   styles, hls.js players on `blob:` media and workers, the Socket.IO WebSocket) passes. API answers
 *   (/api/...) are data, never rendered as pages: they get `default-src 'none'` and only the headers
 *   that still mean something for data (OWASP's REST Security Cheat Sheet), not the page's policy and
 *   the document-only headers (COOP, Origin-Agent-Cluster, DNS prefetch, X-XSS-Protection...), which
 *   were 90 % of a public-stats answer's bytes. An /api/ route that answers with a page says so with
 *   `config: { document: true }`. Pages may be framed by pages of their own origin only (frame-ancestors
 *   'self', X-Frame-Options SAMEORIGIN): the Smart TV page shows the TV screen (/tv) in a frame, and the
 *   service worker answers every navigation, a frame's included, with the one index.html, so the
 *   allowance cannot be kept to /tv. Data is never framed. HSTS only when cookies are Secure (HTTPS).
 *   The headers never change, so they are worked out once at start
 *   (@fastify/helmet rebuilt helmet's middleware, parsing the whole policy, on every request).
 * - State-changing requests (POST/PUT/PATCH/DELETE) must come from an allowed origin (http/origin.ts)
 *   and carry JSON: a cross-site HTML form can send text/plain, urlencoded or multipart bodies with the
 *   session cookie, but never application/json.
 * - API answers are personal: `Cache-Control: no-store` unless a route chose its own policy, so that
 *   stream keys, tokens and profiles never sit in a shared or disk cache.
 *
 * Inbound webhooks are posted by providers' servers, some as application/x-www-form-urlencoded. A route
 * declares `config: { webhook: true }` to skip the origin and JSON checks; such a route MUST verify its
 * provider's signature (Stripe-Signature, X-Twilio-Signature, ...) before acting, since anyone can post.
 * A route that takes another body type from the app itself (an upload) lists it in `config.bodyTypes`;
 * the origin check still applies to it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { HttpError, forbidden } from '../http/errors.ts';
import { STATE_CHANGING_METHODS, crossOriginRefusal, hasBody, mediaType } from '../http/origin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A provider's server posts here: no origin or JSON check. The handler must verify a signature. */
    webhook?: boolean;
    /** Media types this route accepts besides application/json (e.g. multipart/form-data for an upload). */
    bodyTypes?: readonly string[];
    /** An /api/ route that answers with an HTML page: it gets the pages' security headers. */
    document?: boolean;
  }
}

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function contentSecurityPolicy(publicUrl: string): Record<string, string[]> {
  const { host, protocol } = new URL(publicUrl);
  // 'self' covers same-origin WebSockets in current browsers; the explicit ws/wss entries cover older ones.
  const socketOrigins = protocol === 'https:' ? [`wss://${host}`] : [`ws://${host}`, `wss://${host}`];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", ...socketOrigins],
    fontSrc: ["'self'", 'data:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Other sites may not frame a page (clickjacking); the app's own pages may (the Smart TV page).
    frameAncestors: ["'self'"],
  };
}

/** The headers helmet sets for these options, captured once from a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Headers every answer carries, page or data (pages then allow their own origin's frames). */
function sharedHelmetOptions(cookieSecure: boolean) {
  return {
    hsts: cookieSecure ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    frameguard: { action: 'deny' as const },
    // Podcast apps, TV players and feed readers on other origins load media, captions and feeds.
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
  };
}

export function pageHeaders(publicUrl: string, cookieSecure: boolean): Record<string, string> {
  return helmetHeaders({
    ...sharedHelmetOptions(cookieSecure),
    frameguard: { action: 'sameorigin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...contentSecurityPolicy(publicUrl),
        // Only over HTTPS: on plain http://localhost it would send the browser to a port that is not there.
        ...(cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
  });
}

/** For data: nothing in an answer opened in a tab may load or run, and nobody may frame it. */
export function apiHeaders(cookieSecure: boolean): Record<string, string> {
  return helmetHeaders({
    ...sharedHelmetOptions(cookieSecure),
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    dnsPrefetchControl: false,
    ieNoOpen: false,
    permittedCrossDomainPolicies: false,
    xssFilter: false,
  });
}

async function securityPlugin(app: FastifyInstance) {
  const { config } = app;
  // Nothing under /api/ is kept by a cache unless its route says so: a route's own cache-control
  // replaces this one. Set here with the other headers rather than checked in an onSend hook, which
  // every request would pass once more.
  const noStore = { 'cache-control': 'no-store' };
  const forPages = pageHeaders(config.publicUrl, config.cookieSecure);
  const forData = { ...apiHeaders(config.cookieSecure), ...noStore };
  const forApiDocuments = { ...forPages, ...noStore };
  // A synchronous hook (done-style): every request passes it, and an async hook costs a promise and a
  // microtask turn each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? (request.routeOptions.config?.document ? forApiDocuments : forData) : forPages);
    done(STATE_CHANGING_METHODS.has(request.method) ? stateChangeRefusal(request) : undefined);
  });

  function stateChangeRefusal(request: FastifyRequest): HttpError | undefined {
    const routeConfig = request.routeOptions.config;
    if (routeConfig?.webhook) return undefined;
    const refusal = crossOriginRefusal(request.headers, config.allowedOrigins);
    if (refusal) return forbidden(refusal);
    const type = mediaType(request.headers['content-type']);
    const accepted = type === 'application/json' || (type !== null && routeConfig?.bodyTypes?.includes(type));
    if (type === null ? hasBody(request.headers) : !accepted) {
      return new HttpError(415, 'Send the request body as application/json', {
        accept: ['application/json', ...(routeConfig?.bodyTypes ?? [])].join(', '),
      });
    }
    return undefined;
  }
}

export default fp(securityPlugin, { name: 'security', dependencies: ['context'] });
