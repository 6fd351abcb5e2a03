/**
 * Subscribers-only content. An item marked so may be watched (player, HLS files, chat) only by its
 * owner, admins, and people with a paid membership whose period has not ended.
 */
import type { Kysely } from 'kysely';
import type { DownloadCheckResponse } from '@onair/protocol';
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

/** Who passes a subscribers-only item's gate without a plan: its creator and admins. */
const ownsGate = (user: { id: number; role: string }, creatorId: number | null | undefined) => user.role === 'admin' || creatorId === user.id;

/** May this person watch this item? Unknown items answer true: the caller's own 404 decides those. */
export async function canWatch(db: Kysely<Database>, user: { id: number; role: string } | null, contentId: number): Promise<boolean> {
  if (!(await isSubscribersOnly(db, contentId))) return true;
  if (!user) return false;
  if (user.role !== 'admin') {
    const item = await db.selectFrom('content').select('creatorId').where('id', '=', contentId).executeTakeFirst();
    if (!ownsGate(user, item?.creatorId)) return hasPaidMembership(db, user.id);
  }
  return true;
}

/**
 * Which of these items this person may no longer keep a download of, and why: gone from OnAir, or
 * subscribers-only (by canWatch's rule) to someone without a paid plan. One read for the lot, and the
 * plan's only when a gated item of someone else's is among them.
 */
export async function revokedDownloads(db: Kysely<Database>, user: { id: number; role: string }, contentIds: readonly number[]): Promise<DownloadCheckResponse['revoked']> {
  const ids = [...new Set(contentIds)];
  const rows = await db
    .selectFrom('content')
    .leftJoin('contentAccess', 'contentAccess.contentId', 'content.id')
    .select(['content.id', 'content.creatorId', 'contentAccess.subscribersOnly'])
    .where('content.id', 'in', ids)
    .execute();
  const found = new Map(rows.map((row) => [row.id, row]));
  const gated = rows.filter((row) => row.subscribersOnly === 1 && !ownsGate(user, row.creatorId));
  const paid = gated.length > 0 && (await hasPaidMembership(db, user.id));
  const gatedIds = new Set(paid ? [] : gated.map((row) => row.id));
  return ids.flatMap((contentId): DownloadCheckResponse['revoked'] => {
    if (!found.has(contentId)) return [{ contentId, why: 'removed' }];
    return gatedIds.has(contentId) ? [{ contentId, why: 'subscribers-only' }] : [];
  });
}

export const SUBSCRIBERS_ONLY_MESSAGE = 'This item is for subscribers only: subscribe to Premium or Pro to watch it';

/** 403 with SUBSCRIBERS_ONLY_MESSAGE unless this person may watch the item (its chat, polls, questions, files). */
export async function assertCanWatch(db: Kysely<Database>, user: { id: number; role: string } | null, contentId: number): Promise<void> {
  if (!(await canWatch(db, user, contentId))) throw forbidden(SUBSCRIBERS_ONLY_MESSAGE);
}
