/**
 * Reads the signals (view events, likes, the catalogue) into a snapshot, and stores a user's list.
 */
import type { Db } from '@onair/api/db';
import type { Interaction, ItemInfo, Recommendation, Snapshot } from './model.ts';
import { DAY_MS } from '@onair/protocol';

/** Views older than this no longer say much about taste. */
export const SIGNAL_WINDOW_DAYS = 180;

export async function loadSnapshot(db: Db, now = Date.now()): Promise<Snapshot> {
  const k = db.kysely;
  const since = now - SIGNAL_WINDOW_DAYS * DAY_MS;
  const [content, views, likes] = await Promise.all([
    k.selectFrom('content').select(['id', 'title', 'category', 'type', 'durationSeconds']).execute(),
    k
      .selectFrom('viewEvents')
      .select((eb) => [
        'viewerKey',
        'contentId',
        eb.fn.max<number>('watchSeconds').as('maxWatch'),
        eb.fn.max<number>('createdAt').as('lastAt'),
      ])
      .where('createdAt', '>=', since)
      .groupBy(['viewerKey', 'contentId'])
      .execute(),
    k.selectFrom('contentLikes').select(['userId', 'contentId', 'createdAt']).execute(),
  ]);
  const items = new Map<number, ItemInfo>(content.map((c) => [c.id, c]));
  const viewers = new Map<string, Map<number, Interaction>>();
  const entry = (key: string) => {
    let map = viewers.get(key);
    if (!map) viewers.set(key, (map = new Map()));
    return map;
  };
  for (const v of views) {
    entry(v.viewerKey).set(v.contentId, { maxWatchSeconds: Number(v.maxWatch), lastAt: Number(v.lastAt), liked: false });
  }
  for (const like of likes) {
    const map = entry(`u:${like.userId}`);
    const current = map.get(like.contentId);
    if (current) current.liked = true;
    else map.set(like.contentId, { maxWatchSeconds: 0, lastAt: like.createdAt, liked: true });
  }
  return { now, items, viewers };
}

/** Users whose lists the repeatable job refreshes: anyone with a signal, or with a stored list. */
export async function usersToRefresh(db: Db, now = Date.now()): Promise<number[]> {
  const since = now - SIGNAL_WINDOW_DAYS * DAY_MS;
  const k = db.kysely;
  const [viewed, liked, stored] = await Promise.all([
    k.selectFrom('viewEvents').select('userId').distinct().where('userId', 'is not', null).where('createdAt', '>=', since).execute(),
    k.selectFrom('contentLikes').select('userId').distinct().execute(),
    k.selectFrom('recommendationRuns').select('userId').execute(),
  ]);
  const ids = new Set<number>();
  for (const row of [...viewed, ...liked, ...stored]) if (row.userId) ids.add(row.userId);
  return [...ids].sort((a, b) => a - b);
}

/** Replaces a user's stored list in one transaction: running it twice leaves the same rows. */
export async function storeRecommendations(
  db: Db,
  userId: number,
  basis: 'history' | 'trending',
  items: Recommendation[],
  computedAt: number,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('aiRecommendations').where('userId', '=', userId).execute();
    if (items.length) {
      await trx
        .insertInto('aiRecommendations')
        .values(items.map((item, rank) => ({ userId, contentId: item.contentId, rank, confidence: item.confidence, signal: item.signal, reason: item.reason, computedAt })))
        .execute();
    }
    await trx
      .insertInto('recommendationRuns')
      .values({ userId, basis, items: items.length, computedAt })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ basis, items: items.length, computedAt }))
      .execute();
  });
}
