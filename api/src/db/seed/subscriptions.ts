/**
 * Demo seed step: audience members subscribe to the creator they watched most, once they have
 * watched that creator a few times. Derived from the seeded view events, so it is as deterministic
 * as they are, and subscriber counts follow who actually watched whom.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

/** Views of one creator before a seeded viewer subscribes. */
export const SUBSCRIBE_AFTER_VIEWS = 3;

export async function seedSubscriptions(trx: Transaction<Database>): Promise<number> {
  const rows = await trx
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select((eb) => [
      'viewEvents.userId as userId',
      'content.creatorId as creatorId',
      eb.fn.countAll<number>().as('views'),
      eb.fn.min<number>('viewEvents.createdAt').as('firstView'),
    ])
    .where('viewEvents.userId', 'is not', null)
    .where('content.creatorId', 'is not', null)
    .groupBy(['viewEvents.userId', 'content.creatorId'])
    .execute();

  const favourite = new Map<number, { creatorId: number; views: number; firstView: number }>();
  for (const r of rows) {
    if (r.userId === null || r.creatorId === null || r.userId === r.creatorId) continue;
    const views = Number(r.views);
    const best = favourite.get(r.userId);
    // Most views wins; equal views go to the lower creator id, so reruns agree.
    if (!best || views > best.views || (views === best.views && r.creatorId < best.creatorId)) {
      favourite.set(r.userId, { creatorId: r.creatorId, views, firstView: Number(r.firstView) });
    }
  }
  const subscriptions = [...favourite]
    .filter(([, f]) => f.views >= SUBSCRIBE_AFTER_VIEWS)
    .sort(([a], [b]) => a - b)
    .map(([userId, f]) => ({ creatorId: f.creatorId, userId, createdAt: f.firstView }));
  for (let i = 0; i < subscriptions.length; i += 500) {
    await trx.insertInto('creatorSubscribers').values(subscriptions.slice(i, i + 500)).execute();
  }
  return subscriptions.length;
}
