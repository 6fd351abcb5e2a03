/**
 * Running view counters (migration 0018_view_counters): per item, the views and distinct viewers; for
 * the platform, the countries views came from. Callers run countViews in the transaction that inserts
 * the events, so a counter never disagrees with view_events, and reads never count over history.
 * Rows are written in the order of their keys (db/locks.ts), as every batch's are: two processes
 * ending their views at once on Postgres meet the same items' counters.
 */
import type { Kysely } from 'kysely';
import { chunks } from '../../db/batches.ts';
import { inLockOrder } from '../../db/locks.ts';
import type { Database, NewViewEvent } from '../../db/schema.ts';

type CountedView = Pick<NewViewEvent, 'contentId' | 'viewerKey' | 'country'>;

/** The (item, viewer) pairs not seen before: inserted now, so concurrent writers count each pair once. */
async function newViewerPairs(db: Kysely<Database>, views: CountedView[]): Promise<Map<number, number>> {
  const pairs = new Map<string, { contentId: number; viewerKey: string }>();
  for (const v of views) pairs.set(`${v.contentId}\u0000${v.viewerKey}`, { contentId: v.contentId, viewerKey: v.viewerKey });
  const fresh = new Map<number, number>();
  for (const chunk of chunks(inLockOrder([...pairs.values()], (p) => [p.contentId, p.viewerKey]))) {
    // Both engines return only the rows actually inserted; a pair already present returns nothing.
    const inserted = await db
      .insertInto('contentViewers')
      .values(chunk)
      .onConflict((oc) => oc.columns(['contentId', 'viewerKey']).doNothing())
      .returning('contentId')
      .execute();
    for (const row of inserted) fresh.set(row.contentId, (fresh.get(row.contentId) ?? 0) + 1);
  }
  return fresh;
}

/** Adds the given events (already inserted, or being inserted in the same transaction) to the counters. */
export async function countViews(db: Kysely<Database>, views: CountedView[]): Promise<void> {
  if (views.length === 0) return;
  const fresh = await newViewerPairs(db, views);
  const perItem = new Map<number, number>();
  for (const v of views) perItem.set(v.contentId, (perItem.get(v.contentId) ?? 0) + 1);
  const increments = inLockOrder(
    [...perItem].map(([contentId, n]) => ({ contentId, views: n, viewers: fresh.get(contentId) ?? 0 })),
    (i) => [i.contentId],
  );
  for (const chunk of chunks(increments)) {
    await db
      .insertInto('contentViewCounts')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('contentId').doUpdateSet((eb) => ({
          views: eb('contentViewCounts.views', '+', eb.ref('excluded.views')),
          viewers: eb('contentViewCounts.viewers', '+', eb.ref('excluded.viewers')),
        })),
      )
      .execute();
  }
  const countries = [...new Set(views.map((v) => v.country))].sort().map((country) => ({ country }));
  for (const chunk of chunks(countries)) {
    await db.insertInto('reachCountries').values(chunk).onConflict((oc) => oc.column('country').doNothing()).execute();
  }
}
