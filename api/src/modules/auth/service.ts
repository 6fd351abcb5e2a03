import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LoginRequest, RegisterRequest } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, tooManyRequests } from '../../http/errors.ts';
import { enforceRateLimit, type RateLimitRule } from '../../http/rate-limit.ts';
import { findUserByEmail, findUserByUsername, insertUser, usernameKey } from '../users/repository.ts';
import { pushNotification, sendNotification } from '../notifications/service.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { isUniqueViolation } from '../../db/errors.ts';

export const AUTH_LIMITS = {
  loginPerIp: { limit: 20, windowMs: 60_000 },
  registerPerIp: { limit: 10, windowMs: 60 * 60_000 },
  registerPerUsername: { limit: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Failed sign-ins are counted per username *and address*, and slow that client down with a growing
 * wait (1 s, 2 s, 4 s, ... up to 15 min) after a few free mistakes. The account itself is never locked:
 * a stranger guessing someone's password from one address cannot keep its owner out, who signs in
 * from their own address at once. Guessing from many addresses is capped by the per-address budget.
 */
export const LOGIN_BACKOFF = {
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  /** Failures are forgotten this long after the last one. */
  memoryMs: 60 * 60_000,
} as const;

export function loginDelayMs(failures: number): number {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  return Math.min(LOGIN_BACKOFF.maxDelayMs, LOGIN_BACKOFF.firstDelayMs * 2 ** (failures - LOGIN_BACKOFF.freeFailures));
}

/** Who is calling, as the request tells it: the address (rate limits) and, when known, the country. */
export interface Caller {
  ip: string;
  country: string | null;
}

export async function login(app: FastifyInstance, { ip, country }: Caller, input: LoginRequest): Promise<UserRow> {
  const { rateLimiter } = app;
  await enforceRateLimit(rateLimiter, `login:ip:${ip}`, AUTH_LIMITS.loginPerIp, 'Too many sign-in attempts from this address');
  const clientKey = `login:fail:${usernameKey(input.username)}:${ip}`;
  const waitMs = await rateLimiter.blockedFor(clientKey);
  if (waitMs > 0) throw tooManyRequests(Math.ceil(waitMs / 1000), 'Too many failed sign-ins from this address; wait a little');

  const user = await findUserByUsername(app.db.kysely, input.username);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    const { count } = await rateLimiter.hit(clientKey, { limit: Number.MAX_SAFE_INTEGER, windowMs: LOGIN_BACKOFF.memoryMs });
    const delay = loginDelayMs(count);
    if (delay > 0) await rateLimiter.block(clientKey, delay);
    throw new HttpError(401, 'Invalid username or password');
  }
  if (user.status === 'suspended') throw forbidden('This account is suspended. Contact an administrator.');
  await rateLimiter.reset(clientKey);
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

  // Usernames are public (profiles, chat), so a taken one may be said. Emails are not: a sign-up with
  // an email another account has is answered exactly like any sign-up (201, signed in, the address it
  // typed shown back), but the email stays its owner's, who is told that someone tried.
  if (await findUserByUsername(db.kysely, input.username)) throw usernameTaken();
  const emailOwner = await findUserByEmail(db.kysely, input.email);
  if (emailOwner) await warnEmailOwner(app, emailOwner.id);

  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(db.kysely, {
      username: input.username,
      email: emailOwner ? unclaimedPlaceholder() : input.email,
      unclaimedEmail: emailOwner ? input.email.trim().toLowerCase() : null,
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
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

const usernameTaken = () => conflict('That username is already taken. If you have an account, sign in instead.');

/**
 * The `email` of an account whose typed address belongs to another account: unique, and in the
 * reserved `.invalid` domain, so it can never match or reach a real mailbox.
 */
export const UNCLAIMED_EMAIL_DOMAIN = 'unclaimed.invalid';
const unclaimedPlaceholder = () => `${randomBytes(12).toString('hex')}@${UNCLAIMED_EMAIL_DOMAIN}`;

export const EMAIL_IN_USE_NOTICE =
  'Someone created a new OnAir account with your email address. Your account is unchanged and the address stays yours; if it was you, sign in with your username instead.';

async function warnEmailOwner(app: FastifyInstance, userId: number) {
  const notice = await sendNotification(app, { userId, senderId: null, text: EMAIL_IN_USE_NOTICE });
  pushNotification(app, userId, notice);
}
