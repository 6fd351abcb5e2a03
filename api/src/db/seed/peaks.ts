/**
 * Demo seed step: each item's peak viewers, from the seeded view history itself. A peak of 0 beside
 * hundreds of views read false ("Peak live audience 0" everywhere); a made-up figure would be worse.
 * The peak is the most views of the item that overlapped in time (a sweep over each view's start and
 * end), which is what the live tracker keeps for real audiences. Items on air now are left to the
 * tracker: their peak is that of the broadcast under way, counted from the sockets that join it.
 */
import type { Transaction } from 'kysely';
import type { Database, NewViewEvent } from '../schema.ts';

type View = Pick<NewViewEvent, 'contentId' | 'viewerKey' | 'watchSeconds' | 'createdAt'>;

/** The most simultaneous viewers of each item, never more than its distinct viewers. */
export function peakConcurrentViewers(views: readonly View[]): Map<number, number> {
  const edges = new Map<number, { at: number; delta: number }[]>();
  const distinct = new Map<number, Set<string>>();
  for (const v of views) {
    const list = edges.get(v.contentId) ?? [];
    if (!edges.has(v.contentId)) edges.set(v.contentId, list);
    list.push({ at: v.createdAt, delta: 1 }, { at: v.createdAt + v.watchSeconds * 1000, delta: -1 });
    const keys = distinct.get(v.contentId) ?? new Set<string>();
    keys.add(v.viewerKey);
    distinct.set(v.contentId, keys);
  }
  const peaks = new Map<number, number>();
  for (const [contentId, list] of edges) {
    // Ends before starts at the same instant: back-to-back views do not overlap.
    list.sort((a, b) => a.at - b.at || a.delta - b.delta);
    let current = 0;
    let peak = 0;
    for (const edge of list) {
      current += edge.delta;
      peak = Math.max(peak, current);
    }
    peaks.set(contentId, Math.min(peak, distinct.get(contentId)!.size));
  }
  return peaks;
}

export async function seedPeakViewers(trx: Transaction<Database>, views: readonly View[]): Promise<void> {
  const onAir = new Set((await trx.selectFrom('content').select('id').where('status', '=', 'live').execute()).map((r) => r.id));
  for (const [contentId, peakViewers] of peakConcurrentViewers(views)) {
    if (onAir.has(contentId)) continue;
    await trx.updateTable('content').set({ peakViewers }).where('id', '=', contentId).execute();
  }
}
