/**
 * Subscribers-only content. An item marked so may be watched (player, HLS files, chat) only by its
 * owner, admins, and people with a paid membership whose period has not ended.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import { forbidden } from '../../http/errors.ts';

// Asked by every chat message and HLS file request of an item: compiled once (db/compiled-once.ts).
const accessOf = compiledOnce((db, p: { contentId: number }) => db.selectFrom('contentAccess').select('subscribersOnly').where('contentId', '=', p.contentId));

export async function isSubscribersOnly(db: Kysely<Database>, contentId: number): Promise<boolean> {
  const row = await accessOf.takeFirst(db, { contentId });
  return row?.subscribersOnly === 1;
}

/** A paid plan (price above zero) that is active or past due but still inside its paid period. */
export async function hasPaidMembership(db: Kysely<Database>, userId: number, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .innerJoin('subscriptionTiers', 'subscriptionTiers.id', 'memberships.tierId')
    .select('memberships.id')
    .where('memberships.userId', '=', userId)
    .where('memberships.status', '!=', 'ended')
    .where('memberships.currentPeriodEnd', '>', now)
    .where('subscriptionTiers.priceCents', '>', 0)
    .executeTakeFirst();
  return Boolean(row);
}

/** May this person watch this item? Unknown items answer true: the caller's own 404 decides those. */
export async function canWatch(db: Kysely<Database>, user: { id: number; role: string } | null, contentId: number): Promise<boolean> {
  if (!(await isSubscribersOnly(db, contentId))) return true;
  if (!user) return false;
  if (user.role === 'admin') return true;
  const item = await db.selectFrom('content').select('creatorId').where('id', '=', contentId).executeTakeFirst();
  if (item?.creatorId === user.id) return true;
  return hasPaidMembership(db, user.id);
}

export const SUBSCRIBERS_ONLY_MESSAGE = 'This item is for subscribers only: subscribe to Premium or Pro to watch it';

/** 403 with SUBSCRIBERS_ONLY_MESSAGE unless this person may watch the item (its chat, polls, questions, files). */
export async function assertCanWatch(db: Kysely<Database>, user: { id: number; role: string } | null, contentId: number): Promise<void> {
  if (!(await canWatch(db, user, contentId))) throw forbidden(SUBSCRIBERS_ONLY_MESSAGE);
}
