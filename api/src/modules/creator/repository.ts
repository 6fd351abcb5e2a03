/**
 * Creator profiles, their figures and subscriptions. Every figure is counted from rows (content,
 * view events, subscriptions, the earnings ledger), one aggregate query each.
 */
import type { Kysely } from 'kysely';
import type { CreatorProfile, CreatorStatus, PublicCreator } from '@onair/protocol';
import type { Database, UserRow } from '../../db/schema.ts';

export interface CreatorStats {
  contentCount: number;
  totalViews: number;
  subscriberCount: number;
  revenueCents: number;
}

/** Where a user stands on the way to creator tools (see CreatorStatusSchema). */
export function creatorStatusOf(user: Pick<UserRow, 'role' | 'creatorRequest'>): CreatorStatus {
  if (user.role === 'creator' || user.role === 'admin') return 'approved';
  return user.creatorRequest === 'pending' ? 'pending' : 'none';
}

export function findProfile(db: Kysely<Database>, userId: number) {
  return db.selectFrom('creatorProfiles').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export function findProfileByHandle(db: Kysely<Database>, handle: string) {
  return db.selectFrom('creatorProfiles').select(['userId', 'handle']).where('handle', '=', handle).executeTakeFirst();
}

export async function subscriberCount(db: Kysely<Database>, creatorId: number): Promise<number> {
  const row = await db
    .selectFrom('creatorSubscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creatorId', '=', creatorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function contentCount(db: Kysely<Database>, creatorId: number): Promise<number> {
  const row = await db
    .selectFrom('content')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('creatorId', '=', creatorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function creatorStats(db: Kysely<Database>, creatorId: number): Promise<CreatorStats> {
  const [content, views, subscribers, revenue] = await Promise.all([
    contentCount(db, creatorId),
    db
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('content.creatorId', '=', creatorId)
      .executeTakeFirstOrThrow(),
    subscriberCount(db, creatorId),
    db
      .selectFrom('creatorEarnings')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amountCents'), eb.lit(0)).as('cents'))
      .where('creatorId', '=', creatorId)
      .executeTakeFirstOrThrow(),
  ]);
  return { contentCount: content, totalViews: Number(views.n), subscriberCount: subscribers, revenueCents: Number(revenue.cents) };
}

export async function presentProfile(db: Kysely<Database>, userId: number): Promise<CreatorProfile | null> {
  const profile = await findProfile(db, userId);
  if (!profile) return null;
  const stats = await creatorStats(db, userId);
  return {
    userId: profile.userId,
    handle: profile.handle,
    displayName: profile.displayName,
    bio: profile.bio,
    ...stats,
    createdAt: new Date(profile.createdAt).toISOString(),
  };
}

export async function isSubscribed(db: Kysely<Database>, creatorId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('creatorSubscribers')
    .select('userId')
    .where('creatorId', '=', creatorId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function presentPublicCreator(db: Kysely<Database>, creatorId: number, viewerId: number | null): Promise<PublicCreator | null> {
  const profile = await findProfile(db, creatorId);
  if (!profile) return null;
  const [subscribers, content, subscribed] = await Promise.all([
    subscriberCount(db, creatorId),
    contentCount(db, creatorId),
    viewerId ? isSubscribed(db, creatorId, viewerId) : Promise.resolve(false),
  ]);
  return {
    userId: profile.userId,
    handle: profile.handle,
    displayName: profile.displayName,
    bio: profile.bio,
    subscriberCount: subscribers,
    contentCount: content,
    subscribed,
  };
}

export async function subscribe(db: Kysely<Database>, creatorId: number, userId: number, now = Date.now()) {
  // A second click (or a retry) is a no-op, decided by the primary key.
  await db
    .insertInto('creatorSubscribers')
    .values({ creatorId, userId, createdAt: now })
    .onConflict((oc) => oc.columns(['creatorId', 'userId']).doNothing())
    .execute();
}

export async function unsubscribe(db: Kysely<Database>, creatorId: number, userId: number) {
  await db.deleteFrom('creatorSubscribers').where('creatorId', '=', creatorId).where('userId', '=', userId).execute();
}
