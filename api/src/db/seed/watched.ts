/**
 * What each seeded account watched, one row per (user, content): the longest watch and the last
 * time. The likes and ratings steps both derive from it, in this fixed order, so every machine gets
 * the same seed.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';

export interface WatchedItem {
  userId: number;
  contentId: number;
  durationSeconds: number;
  maxWatch: number;
  lastAt: number;
}

export async function watchedByAccount(trx: Transaction<Database>): Promise<WatchedItem[]> {
  const rows = await trx
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select((eb) => [
      'viewEvents.userId',
      'viewEvents.contentId',
      'content.durationSeconds',
      eb.fn.max<number>('viewEvents.watchSeconds').as('maxWatch'),
      eb.fn.max<number>('viewEvents.createdAt').as('lastAt'),
    ])
    .where('viewEvents.userId', 'is not', null)
    .groupBy(['viewEvents.userId', 'viewEvents.contentId', 'content.durationSeconds'])
    .orderBy('viewEvents.userId')
    .orderBy('viewEvents.contentId')
    .execute();
  // Postgres returns aggregates of bigint columns as strings; the seed wants numbers.
  return rows.map((r) => ({ ...r, userId: r.userId!, maxWatch: Number(r.maxWatch), lastAt: Number(r.lastAt) }));
}
