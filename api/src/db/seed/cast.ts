/**
 * Who the seed steps after the library act as: the seeded audience, the demo admin (who hosts the
 * lobby and decides moderation), and what is on air. One definition, so every step picks the same.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/** Seeded audience accounts have addresses at this domain (nobody can sign in as them). */
export const AUDIENCE_EMAIL_DOMAIN = 'audience.onair.local';

export function seededAudience(trx: Transaction<Database>) {
  return trx.selectFrom('users').select('id').where('email', 'like', `%@${AUDIENCE_EMAIL_DOMAIN}`).orderBy('id').execute();
}

export function demoAdmin(trx: Transaction<Database>) {
  return trx.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirst();
}

export function liveItems(trx: Transaction<Database>) {
  return trx.selectFrom('content').select(['id', 'creatorId', 'category', 'liveSince']).where('status', '=', 'live').orderBy('id').execute();
}
