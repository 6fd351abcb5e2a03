/**
 * The client's country as the operator's reverse proxy or CDN tells it: nginx's GeoIP2 module,
 * Cloudflare's `CF-IPCountry`, or any header named by COUNTRY_HEADER. We ship no GeoIP database
 * (nothing may be downloaded at run time), so without that header the country stays unknown.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Codes proxies use for "unknown", Tor and continents: not countries. */
const NOT_COUNTRIES = new Set(['XX', 'T1', 'ZZ', 'EU', 'AP', 'A1', 'A2', 'O1']);

/** An ISO 3166-1 alpha-2 code from the configured header, or null. */
export function countryFromHeaders(headers: IncomingHttpHeaders, header: string | null): string | null {
  if (!header) return null;
  const raw = headers[header];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || NOT_COUNTRIES.has(value)) return null;
  return value;
}
