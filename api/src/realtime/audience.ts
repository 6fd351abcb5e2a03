/**
 * How many people are watching each live item right now. The realtime layer feeds it from sockets in
 * `content:{id}` rooms; REST reads it for viewerCount. One process keeps the counts in memory; with
 * Redis each node publishes its own counts and reads the sum (see realtime/presence).
 */
export interface LiveAudience {
  /** Each item's viewers now; the answer may be shared with other callers, so it is read-only. */
  viewerCounts(contentIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}
