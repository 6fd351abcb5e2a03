/**
 * Who is watching what. A socket that sends `content:watch` counts as a viewer of that item until it
 * leaves or disconnects; one person with two tabs counts once. Counts are summed across API nodes
 * (ClusterCounters), pushed to `content:{id}` and the creator's `creator:{userId}` room at most every
 * PUSH_INTERVAL_MS (longer for big rooms: pushIntervalFor), to everyone following the list of live items at most every LIST_PUSH_INTERVAL_MS
 * (a busy Home page gets one update per item per second, not one per join), and kept as the item's peak. When a person's last socket leaves, the view ends and
 * is handed to `onViewsEnded` (which records the view event and awards watch points).
 */
import type { PresenceUpdate, ViewDevice } from '@onair/protocol';
import type { ClusterCounters } from './cluster-counters.ts';
import type { LiveAudience } from './audience.ts';
import { createCoalescer } from './coalesce.ts';
import { SharedReads } from './shared-reads.ts';

export const PUSH_INTERVAL_MS = 250;
/** Each this many viewers add PUSH_INTERVAL_MS to a room's push interval... */
export const VIEWERS_PER_PUSH_STEP = 1000;
/** ...up to the spec's polling period for active streams, which the push stands in for. */
export const MAX_PUSH_INTERVAL_MS = 5000;

/**
 * How often a room of `viewers` gets its count. A push is a write to every socket in the room, and
 * while people pour in (a stream starting) every interval has a change to push: at 250 ms, a room of
 * 12,000 took a core's whole time to tell itself its size, and joining slowed to a crawl. Scaled with
 * the room, a count costs at most about 4,000 socket writes a second per room.
 */
export function pushIntervalFor(viewers: number): number {
  return Math.min(MAX_PUSH_INTERVAL_MS, PUSH_INTERVAL_MS * Math.max(1, Math.ceil(viewers / VIEWERS_PER_PUSH_STEP)));
}
/** Lists of live items are glanced at, not watched: one count per item per second is plenty. */
export const LIST_PUSH_INTERVAL_MS = 1000;

export interface ViewerInfo {
  /** `u:{id}` for accounts, `s:{socketId}` for signed-out sockets. */
  viewerKey: string;
  userId: number | null;
  device: ViewDevice;
  country: string;
}

export interface EndedView extends ViewerInfo {
  contentId: number;
  startedAt: number;
  watchSeconds: number;
}

interface Watching extends ViewerInfo {
  sockets: number;
  since: number;
}

export interface PresenceDeps {
  counters: ClusterCounters;
  /** Persists a new peak if higher and answers the item's creator and peak. */
  recordPeak(contentId: number, viewers: number): Promise<{ creatorId: number | null; peakViewers: number } | undefined>;
  push(update: PresenceUpdate, creatorId: number | null): void;
  /** The same update for everyone looking at a list of live items (coalesced more coarsely). */
  pushToLists?(update: PresenceUpdate): void;
  /** Views that ended: one as a viewer leaves, every view of this node at once when it stops. */
  onViewsEnded(views: EndedView[]): Promise<void>;
  now?: () => number;
}

const counterKey = (contentId: number) => `content:${contentId}`;

export class PresenceTracker implements LiveAudience {
  private readonly watching = new Map<number, Map<string, Watching>>();
  private readonly peaks = new Map<number, { creatorId: number | null; peakViewers: number }>();
  /** Each item's viewers across nodes at its last change (a push reaches all of them). */
  private readonly totals = new Map<number, number>();
  private readonly now: () => number;
  private readonly pushes;
  private readonly listPushes;

  constructor(private readonly deps: PresenceDeps) {
    this.now = deps.now ?? Date.now;
    this.pushes = createCoalescer<number>(
      (contentId) => pushIntervalFor(this.totals.get(contentId) ?? this.localCount(contentId)),
      (contentId) => this.push(contentId),
    );
    this.listPushes = createCoalescer<number>(LIST_PUSH_INTERVAL_MS, (contentId) => this.pushToLists(contentId));
  }

  async join(contentId: number, viewer: ViewerInfo): Promise<void> {
    let room = this.watching.get(contentId);
    if (!room) this.watching.set(contentId, (room = new Map()));
    const existing = room.get(viewer.viewerKey);
    if (existing) existing.sockets += 1;
    else room.set(viewer.viewerKey, { ...viewer, sockets: 1, since: this.now() });
    await this.publish(contentId);
  }

  async leave(contentId: number, viewerKey: string): Promise<void> {
    const room = this.watching.get(contentId);
    const entry = room?.get(viewerKey);
    if (!room || !entry) return;
    entry.sockets -= 1;
    if (entry.sockets > 0) return;
    room.delete(viewerKey);
    if (room.size === 0) this.watching.delete(contentId);
    await this.publish(contentId);
    await this.deps.onViewsEnded([this.ended(contentId, entry)]);
  }

  private ended(contentId: number, { sockets: _sockets, since, ...info }: Watching): EndedView {
    return { ...info, contentId, startedAt: since, watchSeconds: Math.round((this.now() - since) / 1000) };
  }

  /** Local viewers of an item (this node only). */
  localCount(contentId: number): number {
    return this.watching.get(contentId)?.size ?? 0;
  }

  /**
   * Answers being read, by the array of ids asked for. GET /api/content asks with the same array on
   * every request (the live ids of its cached list), so the requests of one event-loop turn share one
   * read and one answer instead of each building its own. A change on this node ends the sharing
   * (publish).
   */
  private readonly reading = new SharedReads<readonly number[], ReadonlyMap<number, number>>();

  viewerCounts(contentIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    return this.reading.get(contentIds, () => this.readViewerCounts(contentIds));
  }

  private async readViewerCounts(contentIds: readonly number[]): Promise<ReadonlyMap<number, number>> {
    const sums = await this.deps.counters.sum(contentIds.map(counterKey));
    return new Map(contentIds.map((id) => [id, sums.get(counterKey(id)) ?? 0]));
  }

  /**
   * Ends every view on this node (shutdown): views are recorded, counts withdrawn. All at once: one
   * count per item and one batch of views. One viewer at a time, two processes holding 9,000 viewers
   * each took 8.3 s of the 10 s a cluster gives them to stop.
   */
  async close(): Promise<void> {
    const ended = [...this.watching].flatMap(([contentId, room]) => [...room.values()].map((entry) => this.ended(contentId, entry)));
    const items = [...this.watching.keys()];
    this.watching.clear();
    await Promise.all(items.map((contentId) => this.publish(contentId)));
    if (ended.length) await this.deps.onViewsEnded(ended);
    await this.flushPushes();
    this.pushes.stop();
    this.listPushes.stop();
  }

  async flushPushes(): Promise<void> {
    await Promise.all([this.pushes.flushNow(), this.listPushes.flushNow()]);
  }

  private async publish(contentId: number) {
    this.reading.clear();
    await this.deps.counters.set(counterKey(contentId), this.localCount(contentId));
    await this.notePeak(contentId);
    this.pushes.mark(contentId);
    if (this.deps.pushToLists) this.listPushes.mark(contentId);
  }

  /**
   * Peaks are checked on every change, not at the coalesced push: a viewer who comes and goes within
   * one push interval still counts toward the peak.
   */
  private async notePeak(contentId: number): Promise<{ creatorId: number | null; peakViewers: number } | undefined> {
    const viewers = (await this.viewerCounts([contentId])).get(contentId) ?? 0;
    if (viewers) this.totals.set(contentId, viewers);
    else this.totals.delete(contentId);
    const known = this.peaks.get(contentId);
    if (known && viewers <= known.peakViewers) return known;
    const item = await this.deps.recordPeak(contentId, viewers);
    if (item) this.peaks.set(contentId, item);
    return item;
  }

  /** The item's current count and peak, read at push time (the latest state, whatever was coalesced). */
  private async currentUpdate(contentId: number): Promise<{ update: PresenceUpdate; creatorId: number | null } | undefined> {
    const viewerCount = (await this.viewerCounts([contentId])).get(contentId) ?? 0;
    const item = this.peaks.get(contentId) ?? (await this.notePeak(contentId));
    if (!item) return undefined;
    return { update: { contentId, viewerCount, peakViewers: Math.max(item.peakViewers, viewerCount) }, creatorId: item.creatorId };
  }

  private async push(contentId: number) {
    const current = await this.currentUpdate(contentId);
    if (current) this.deps.push(current.update, current.creatorId);
  }

  private async pushToLists(contentId: number) {
    const current = await this.currentUpdate(contentId);
    if (current) this.deps.pushToLists?.(current.update);
  }
}
