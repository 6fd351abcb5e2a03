/**
 * Phones linked to accounts. Linking proves ownership from the phone itself: the web shows a code and
 * the person texts `ONAIR LINK {code}` from the phone; Twilio tells us the sender's number.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PHONE_LINK_CODE_TTL_MS } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';
import type { PhoneLinkRow } from '../../db/schema-reach.ts';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** A placeholder number until the phone texts its code back (phone is unique and not null). */
const pendingPhone = (userId: number) => `pending:${userId}`;

/** Starts (or restarts) linking for an account: a fresh 6-digit code, valid 15 minutes. */
export async function startPhoneLink(db: Kysely<Database>, userId: number, now = Date.now()) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + PHONE_LINK_CODE_TTL_MS;
  const existing = await db.selectFrom('phoneLinks').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (existing) {
    await db.updateTable('phoneLinks').set({ codeHash: hashCode(code), codeExpiresAt: expiresAt }).where('id', '=', existing.id).execute();
  } else {
    await db
      .insertInto('phoneLinks')
      .values({ userId, phone: pendingPhone(userId), codeHash: hashCode(code), codeExpiresAt: expiresAt, confirmedAt: null, subscribed: 0, createdAt: now })
      .execute();
  }
  return { code, expiresAt };
}

/** Confirms the pending link holding this code for the texting phone; null when no code matches. */
export async function confirmPhoneLink(db: Kysely<Database>, phone: string, code: string, now = Date.now()): Promise<PhoneLinkRow | null> {
  const link = await db.selectFrom('phoneLinks').selectAll().where('codeHash', '=', hashCode(code)).where('codeExpiresAt', '>', now).executeTakeFirst();
  if (!link) return null;
  return db.transaction().execute(async (trx) => {
    // A number belongs to one account: linking it here unlinks it elsewhere.
    await trx.deleteFrom('phoneLinks').where('phone', '=', phone).where('id', '!=', link.id).execute();
    await trx.updateTable('phoneLinks').set({ phone, codeHash: null, codeExpiresAt: null, confirmedAt: now }).where('id', '=', link.id).execute();
    return trx.selectFrom('phoneLinks').selectAll().where('id', '=', link.id).executeTakeFirstOrThrow();
  });
}

export async function findLinkForUser(db: Kysely<Database>, userId: number) {
  return db.selectFrom('phoneLinks').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The active account behind a confirmed phone, or null. */
export async function userForPhone(db: Kysely<Database>, phone: string): Promise<{ user: UserRow; link: PhoneLinkRow } | null> {
  const link = await db.selectFrom('phoneLinks').selectAll().where('phone', '=', phone).where('confirmedAt', 'is not', null).executeTakeFirst();
  if (!link) return null;
  const user = await db.selectFrom('users').selectAll().where('id', '=', link.userId).where('status', '=', 'active').executeTakeFirst();
  return user ? { user, link } : null;
}

export async function setSubscribed(db: Kysely<Database>, linkId: number, subscribed: boolean) {
  await db.updateTable('phoneLinks').set({ subscribed: subscribed ? 1 : 0 }).where('id', '=', linkId).execute();
}

export async function unlinkPhone(db: Kysely<Database>, userId: number) {
  await db.deleteFrom('phoneLinks').where('userId', '=', userId).execute();
}

export const isPendingPhone = (phone: string) => phone.startsWith('pending:');
