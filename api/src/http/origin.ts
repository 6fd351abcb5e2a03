/**
 * Cross-origin defence, shared by REST (plugins/security.ts) and the Socket.IO handshake: a browser
 * names the page that sent a request in `Origin` (and `Sec-Fetch-Site`), so a page on another origin,
 * even another port of the same host (same-site, so the SameSite=Lax cookie rides along), is refused.
 * Requests that carry neither header do not come from a browser page (curl, servers, tests) and
 * cannot carry a victim's cookie by accident, so they pass.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Methods that change state; GET/HEAD/OPTIONS must never do so. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a request is refused as cross-origin, or null when it may go on. */
export function crossOriginRefusal(headers: IncomingHttpHeaders, allowedOrigins: readonly string[]): string | null {
  const origin = headers.origin;
  if (typeof origin === 'string') {
    return allowedOrigins.includes(origin) ? null : `Requests from ${origin} are not allowed`;
  }
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return 'Requests from another site are not allowed';
  return null;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  return contentType.split(';')[0]!.trim().toLowerCase() || null;
}

/** True when the request announces a body (a length above zero, or chunked). */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  if (headers['transfer-encoding']) return true;
  const length = Number(headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}
