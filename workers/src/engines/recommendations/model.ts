/**
 * Recommendations from what people actually watched, liked and finished.
 *
 * Two signals, each a probability-like estimate in 0..1:
 * - item to item: of the people who watched X, the share who also watched Y ("people who watched X
 *   also watched Y", an association rule's confidence), shrunk towards 0 for items few people watched
 *   and weighted by how much this viewer cared about X: whether they liked it or how much of it they
 *   finished, times their interest in X's category (so one stray view does not steer the list).
 *   The X giving the strongest rule is named in the reason.
 * - category affinity: the share of a category's viewers who watched Y, weighted by this viewer's
 *   interest in that category relative to their favourite one.
 * The confidence combines both as the chance that at least one of them holds (1 − (1 − p)(1 − q)).
 * Viewers with no history get what is trending: the share of this week's active viewers who watched it.
 */
import type { RecommendationSignal } from '@onair/protocol';
import { DAY_MS } from '@onair/protocol';

export interface ItemInfo {
  id: number;
  title: string;
  category: string | null;
  type: 'tv' | 'radio' | 'podcast' | 'other';
  durationSeconds: number;
}

/** One viewer's relation to one item. */
export interface Interaction {
  /** Longest single watch, seconds. */
  maxWatchSeconds: number;
  lastAt: number;
  liked: boolean;
}

export interface Snapshot {
  now: number;
  items: Map<number, ItemInfo>;
  /** viewerKey (`u:{userId}` for accounts) → content id → interaction. */
  viewers: Map<string, Map<number, Interaction>>;
}

export interface Model {
  snapshot: Snapshot;
  /** Distinct viewers per item. */
  itemViewers: Map<number, number>;
  /** Viewers who watched both items. Symmetric. */
  co: Map<number, Map<number, number>>;
  /** Distinct viewers per category. */
  categoryViewers: Map<string, number>;
  /** Distinct viewers per item over the trending window, and how many viewers were active in it. */
  recentViewers: Map<number, number>;
  activeRecent: number;
  trendingDays: number;
}

export interface Recommendation {
  contentId: number;
  title: string;
  category: string;
  type: ItemInfo['type'];
  signal: RecommendationSignal;
  reason: string;
  confidence: number;
}

/** Pseudo-count that keeps an item seen by two people from producing a rule with confidence 1. */
const SHRINK = 5;
/** A co-occurrence seen fewer times than this is noise, not a rule. */
const MIN_SUPPORT = 2;

const categoryOf = (item: ItemInfo) => item.category ?? item.type;

/** How much of an item a viewer finished, 0..1 (items without a known duration count as half). */
export function completion(item: ItemInfo, interaction: Interaction): number {
  if (item.durationSeconds <= 0) return 0.5;
  return Math.min(1, interaction.maxWatchSeconds / item.durationSeconds);
}

/** A viewer's interest in an item they know: 1 when liked, else 0.5 plus half of what they finished. */
export function interest(item: ItemInfo, interaction: Interaction): number {
  return interaction.liked ? 1 : 0.5 + 0.5 * completion(item, interaction);
}

export function buildModel(snapshot: Snapshot): Model {
  const itemViewers = new Map<number, number>();
  const co = new Map<number, Map<number, number>>();
  const categorySets = new Map<string, number>();
  const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

  for (const items of snapshot.viewers.values()) {
    const ids = [...items.keys()].filter((id) => snapshot.items.has(id));
    const categories = new Set<string>();
    for (const id of ids) {
      bump(itemViewers, id);
      categories.add(categoryOf(snapshot.items.get(id)!));
    }
    for (const c of categories) bump(categorySets, c);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const a = ids[i]!;
        const b = ids[j]!;
        let row = co.get(a);
        if (!row) co.set(a, (row = new Map()));
        bump(row, b);
        let back = co.get(b);
        if (!back) co.set(b, (back = new Map()));
        bump(back, a);
      }
    }
  }

  // Trending: the last 7 days, or 30 when the last week was empty (a quiet instance).
  let trendingDays = 7;
  let recent = recentCounts(snapshot, trendingDays);
  if (recent.active === 0) {
    trendingDays = 30;
    recent = recentCounts(snapshot, trendingDays);
  }
  return { snapshot, itemViewers, co, categoryViewers: categorySets, recentViewers: recent.perItem, activeRecent: recent.active, trendingDays };
}

function recentCounts(snapshot: Snapshot, days: number) {
  const since = snapshot.now - days * DAY_MS;
  const perItem = new Map<number, number>();
  let active = 0;
  for (const items of snapshot.viewers.values()) {
    let wasActive = false;
    for (const [id, interaction] of items) {
      if (interaction.lastAt < since || !snapshot.items.has(id)) continue;
      perItem.set(id, (perItem.get(id) ?? 0) + 1);
      wasActive = true;
    }
    if (wasActive) active += 1;
  }
  return { perItem, active };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Trending items the viewer has not seen, for new viewers or to fill a short list. */
function trending(model: Model, exclude: Set<number>, limit: number, newViewer: boolean): Recommendation[] {
  const window = model.trendingDays === 7 ? 'this week' : 'this month';
  return [...model.recentViewers]
    .filter(([id]) => !exclude.has(id))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id, viewers]) => {
      const item = model.snapshot.items.get(id)!;
      return {
        contentId: id,
        title: item.title,
        category: categoryOf(item),
        type: item.type,
        signal: 'trending' as const,
        reason: newViewer
          ? `Trending ${window} (${viewers} ${viewers === 1 ? 'viewer' : 'viewers'}); you have no viewing history yet`
          : `Trending ${window} (${viewers} ${viewers === 1 ? 'viewer' : 'viewers'})`,
        confidence: round3(model.activeRecent ? viewers / model.activeRecent : 0),
      };
    });
}

export function recommendFor(model: Model, viewerKey: string, limit = 10): { basis: 'history' | 'trending'; items: Recommendation[] } {
  const { snapshot } = model;
  const history = snapshot.viewers.get(viewerKey) ?? new Map<number, Interaction>();
  const known = new Map([...history].filter(([id]) => snapshot.items.has(id)));
  if (known.size === 0) return { basis: 'trending', items: trending(model, new Set(), limit, true) };

  // Interest per known item, and per category relative to the viewer's favourite category.
  const weights = new Map<number, number>();
  const perCategory = new Map<string, number>();
  for (const [x, interaction] of known) {
    const item = snapshot.items.get(x)!;
    const w = interest(item, interaction);
    weights.set(x, w);
    perCategory.set(categoryOf(item), (perCategory.get(categoryOf(item)) ?? 0) + w);
  }
  const top = Math.max(...perCategory.values());
  const affinityOf = (category: string) => (perCategory.get(category) ?? 0) / top;

  // Item to item: the best rule per candidate, and the item that gave it.
  const best = new Map<number, { p: number; from: number }>();
  for (const [x, w] of weights) {
    const strength = w * affinityOf(categoryOf(snapshot.items.get(x)!));
    const nx = model.itemViewers.get(x) ?? 0;
    for (const [y, together] of model.co.get(x) ?? []) {
      if (known.has(y) || together < MIN_SUPPORT) continue;
      const p = (strength * together) / (nx + SHRINK);
      const current = best.get(y);
      if (!current || p > current.p || (p === current.p && x < current.from)) best.set(y, { p, from: x });
    }
  }

  const scored: Recommendation[] = [];
  for (const item of snapshot.items.values()) {
    if (known.has(item.id)) continue;
    const c = categoryOf(item);
    const affinity = affinityOf(c);
    const q = affinity > 0 ? (affinity * (model.itemViewers.get(item.id) ?? 0)) / ((model.categoryViewers.get(c) ?? 0) + SHRINK) : 0;
    const rule = best.get(item.id);
    const p = rule?.p ?? 0;
    if (p === 0 && q === 0) continue;
    const confidence = 1 - (1 - p) * (1 - q);
    let signal: RecommendationSignal;
    let reason: string;
    if (rule && p >= q) {
      const source = snapshot.items.get(rule.from)!;
      signal = known.get(rule.from)!.liked ? 'liked' : 'watched';
      reason = `Because you ${signal === 'liked' ? 'liked' : 'watched'} “${source.title}”`;
    } else {
      signal = 'category';
      reason = `Popular in ${c}, a category you watch`;
    }
    scored.push({ contentId: item.id, title: item.title, category: c, type: item.type, signal, reason, confidence: round3(confidence) });
  }
  scored.sort((a, b) => b.confidence - a.confidence || a.contentId - b.contentId);
  const items = scored.slice(0, limit);
  if (items.length < limit) {
    const exclude = new Set([...known.keys(), ...items.map((i) => i.contentId)]);
    items.push(...trending(model, exclude, limit - items.length, false));
  }
  return { basis: 'history', items };
}
