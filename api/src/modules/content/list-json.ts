/**
 * A content list kept as JSON parts (for the read cache of GET /api/content): each item's JSON
 * without its viewer count, which a live item takes fresh at each request from the live audience
 * (it moves every time someone opens or closes a player), while an on-demand item keeps its count of
 * distinct viewers so far. Assembling the parts costs string joins, not a serialisation of the list.
 */
import { gzipSync } from 'node:zlib';
import type { Content } from '@onair/protocol';

interface PreparedItem {
  id: number;
  live: boolean;
  /** The distinct viewers so far (on-demand items). */
  viewers: number;
  /** The item's JSON after its opening brace, without `viewerCount`. */
  rest: string;
}

export interface PreparedList {
  items: PreparedItem[];
  liveIds: number[];
  /**
   * The last body sent, kept while the live counts it shows stay the same. `source` is the counts'
   * map it was last checked against: requests in one turn share one answer of the live audience
   * (presence.ts), so the same map needs no second look.
   */
  last?: { source: ReadonlyMap<number, number>; counts: string; json: Buffer; gzip: Buffer | null };
}

export function prepareList(items: Content[]): PreparedList {
  const prepared = items.map(({ viewerCount, ...rest }) => ({ id: rest.id, live: rest.status === 'live', viewers: viewerCount, rest: JSON.stringify(rest).slice(1) }));
  return { items: prepared, liveIds: prepared.filter((i) => i.live).map((i) => i.id) };
}

/** The list's JSON with each live item's current viewer count. */
export function listJson(list: PreparedList, liveCounts: ReadonlyMap<number, number>): string {
  const parts = list.items.map((item) => `{"viewerCount":${item.live ? (liveCounts.get(item.id) ?? 0) : item.viewers},${item.rest}`);
  return `[${parts.join(',')}]`;
}

/**
 * The response body for the current live counts: the same bytes as long as the counts have not
 * moved (most requests), gzipped once for the clients that accept it (browsers all do; the list is
 * about 70 KB of JSON and a tenth of that gzipped).
 */
export function listBody(list: PreparedList, liveCounts: ReadonlyMap<number, number>, acceptsGzip: boolean): { body: Buffer; gzip: boolean } {
  if (list.last?.source !== liveCounts) {
    const counts = list.liveIds.map((id) => liveCounts.get(id) ?? 0).join(',');
    if (list.last?.counts === counts) list.last.source = liveCounts;
    else list.last = { source: liveCounts, counts, json: Buffer.from(listJson(list, liveCounts)), gzip: null };
  }
  if (!acceptsGzip) return { body: list.last.json, gzip: false };
  list.last.gzip ??= gzipSync(list.last.json, { level: 6 });
  return { body: list.last.gzip, gzip: true };
}
