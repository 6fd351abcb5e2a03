/**
 * The signed-in user of a guarded route. Routes guard with `onRequest: app.requireUser` (or
 * `app.requireRole(...)`), so the user is there by the time a handler runs; this reads it without a
 * non-null assertion and answers 401 should a route ever lose its guard.
 */
import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { unauthorized } from './errors.ts';

export function signedInUser(request: Pick<FastifyRequest, 'user'>): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
