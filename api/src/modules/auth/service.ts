import type { FastifyInstance } from 'fastify';
import type { LoginRequest, RegisterRequest } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden, HttpError } from '../../http/errors.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import { findUserByEmail, findUserByUsername, insertUser, usernameKey } from '../users/repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export const AUTH_LIMITS = {
  loginPerIp: { limit: 20, windowMs: 60_000 },
  loginPerUsername: { limit: 10, windowMs: 15 * 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  registerPerUsername: { limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** Who is calling, as the request tells it: the address (rate limits) and, when known, the country. */
export interface Caller {
  ip: string;
  country: string | null;
}

export async function login(app: FastifyInstance, { ip, country }: Caller, input: LoginRequest): Promise<UserRow> {
  const { rateLimiter } = app;
  const userKey = `login:user:${usernameKey(input.username)}`;
  await enforceRateLimit(rateLimiter, `login:ip:${ip}`, AUTH_LIMITS.loginPerIp, 'Too many sign-in attempts from this address');
  await enforceRateLimit(rateLimiter, userKey, AUTH_LIMITS.loginPerUsername, 'Too many sign-in attempts for this account');

  const user = await findUserByUsername(app.db.kysely, input.username);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw new HttpError(401, 'Invalid username or password');
  if (user.status === 'suspended') throw forbidden('This account is suspended. Contact an administrator.');
  await rateLimiter.reset(userKey);
  if (user.country === null && country !== null) {
    // Accounts made before the proxy sent a country (or elsewhere) learn it at their next sign-in.
    await app.db.kysely.updateTable('users').set({ country }).where('id', '=', user.id).execute();
    return { ...user, country };
  }
  return user;
}

export async function register(app: FastifyInstance, { ip, country }: Caller, input: RegisterRequest): Promise<UserRow> {
  const { rateLimiter, db } = app;
  await enforceRateLimit(rateLimiter, `register:ip:${ip}`, AUTH_LIMITS.registerPerIp, 'Too many sign-ups from this address');
  await enforceRateLimit(
    rateLimiter,
    `register:user:${usernameKey(input.username)}`,
    AUTH_LIMITS.registerPerUsername,
    'Too many sign-up attempts for this username',
  );

  if (await findUserByUsername(db.kysely, input.username)) throw conflict('That username is already taken');
  if (await findUserByEmail(db.kysely, input.email)) throw conflict('An account with that email already exists');

  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db.kysely, {
      username: input.username,
      email: input.email,
      passwordHash,
      firstName: input.firstName || null,
      lastName: input.lastName || null,
      role: 'viewer',
      subscription: 'free',
      status: 'active',
      verified: 0,
      creatorRequest: null,
      country,
      createdAt: Date.now(),
    });
  } catch (error) {
    // Two sign-ups for the same name at once: the unique index decides, the loser gets a clear 409.
    if (isUniqueViolation(error)) throw conflict('That username or email is already taken');
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}
