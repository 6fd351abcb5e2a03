/**
 * GET /api/analytics/viewership (per-content records), GET /api/analytics/viewership/totals (the same
 * over everything in scope), GET /api/analytics/viewership/daily (a day-by-day series) and POST /api/analytics/record (a finished view from a player that had
 * no live socket; signed in or not).
 */
import { createHash } from 'node:crypto';
import { MAX_RECORDED_WATCH_SECONDS, ViewershipQuerySchema, ViewRecordRequestSchema, type ViewRecordResponse } from '@onair/protocol';
import { countryFromHeaders } from '../../http/country.ts';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { recordView, UNKNOWN_COUNTRY } from './views.ts';
import { scopeFor, viewershipDaily, viewershipRecords, viewershipTotals } from './viewership.ts';
import { signedInUser } from '../../http/signed-in.ts';
import type { ZodApp } from '../../http/typed-routes.ts';

/** A player reports a view when it closes; a few a minute is plenty, more is someone farming points. */
export const RECORD_LIMIT = { limit: 30, windowMs: 60_000 };
/**
 * A viewer's first report in this long may claim up to the item's length; later ones no more than
 * has passed since the one before. A whole day, so the longest programme watched offline still counts.
 */
export const REPORT_LOOKBACK_MS = MAX_RECORDED_WATCH_SECONDS * 1000;

export default async function viewershipRoutes(app: ZodApp) {
  const db = app.db.kysely;

  app.get('/api/analytics/viewership', { onRequest: app.requireUser, schema: { querystring: ViewershipQuerySchema } }, async (request) => {
    const filter = request.query;
    return viewershipRecords(db, scopeFor(signedInUser(request)), filter);
  });

  app.get('/api/analytics/viewership/totals', { onRequest: app.requireUser, schema: { querystring: ViewershipQuerySchema } }, async (request) => {
    const filter = request.query;
    return viewershipTotals(db, scopeFor(signedInUser(request)), filter);
  });

  app.get('/api/analytics/viewership/daily', { onRequest: app.requireUser, schema: { querystring: ViewershipQuerySchema } }, async (request) => {
    const filter = request.query;
    return viewershipDaily(db, scopeFor(signedInUser(request)), filter);
  });

  app.post('/api/analytics/record', { schema: { body: ViewRecordRequestSchema } }, async (request, reply) => {
    const input = request.body;
    const user = request.user;
    await enforceRateLimit(app.rateLimiter, user ? `record:u:${user.id}` : `record:ip:${request.ip}`, RECORD_LIMIT, 'Too many views reported');
    const item = await db
      .selectFrom('content')
      .select(['id', 'durationSeconds', 'liveSince', 'createdAt'])
      .where('id', '=', input.contentId)
      .executeTakeFirst();
    if (!item) throw notFound('contentId: no content with that id');

    const now = Date.now();
    // Nobody watches more than the item lasts (or has been on air): longer claims are clipped.
    const longest = item.durationSeconds > 0 ? item.durationSeconds : Math.floor((now - (item.liveSince ?? item.createdAt)) / 1000);
    const anonymousKey = input.deviceKey
      ? `d:${input.deviceKey}`
      : `a:${createHash('sha256').update(`${request.ip}|${request.headers['user-agent'] ?? ''}`).digest('base64url').slice(0, 16)}`;
    const viewerKey = user ? `u:${user.id}` : anonymousKey;
    // Nor more than has passed since the same viewer's previous report: the server never saw this
    // time, and without the bound one account could claim an item's whole length 30 times a minute.
    const sincePrevious = await app.rateLimiter.sinceLast(`record:mark:${viewerKey}`, REPORT_LOOKBACK_MS);
    const watchSeconds = Math.max(0, Math.min(input.watchSeconds, longest, Math.floor(sincePrevious / 1000)));
    const id = await recordView(app, {
      contentId: item.id,
      userId: user?.id ?? null,
      viewerKey,
      device: input.device,
      country: input.country ?? user?.country ?? countryFromHeaders(request.headers, app.config.countryHeader) ?? UNKNOWN_COUNTRY,
      watchSeconds,
      createdAt: now - watchSeconds * 1000,
    });
    const body: ViewRecordResponse = { recorded: id !== null, watchSeconds: id === null ? 0 : watchSeconds };
    return reply.code(id === null ? 200 : 201).send(body);
  });
}
