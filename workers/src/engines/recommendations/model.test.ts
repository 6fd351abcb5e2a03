import { describe, expect, it } from 'vitest';
import { buildModel, recommendFor, type Interaction, type ItemInfo, type Snapshot } from './model.ts';
import { DAY_MS } from '@onair/protocol';

const NOW = Date.UTC(2026, 5, 1);
const DAY = DAY_MS;
const item = (id: number, category: string): ItemInfo => ({ id, title: `Item ${id}`, category, type: 'tv', durationSeconds: 1000 });

/** Viewers as lists of item ids (watched fully, a day ago) plus optional likes. */
function snapshot(viewers: Record<string, number[]>, likes: Record<string, number[]> = {}): Snapshot {
  const items = new Map([1, 2, 3, 4, 5, 6].map((id) => [id, item(id, id <= 3 ? 'music' : 'news')]));
  const map = new Map<string, Map<number, Interaction>>();
  for (const [key, ids] of Object.entries(viewers)) {
    map.set(key, new Map(ids.map((id) => [id, { maxWatchSeconds: 1000, lastAt: NOW - DAY, liked: likes[key]?.includes(id) ?? false }])));
  }
  return { now: NOW, items, viewers: map };
}

describe('recommendations model', () => {
  const snap = snapshot(
    {
      'u:1': [1],
      a: [1, 2],
      b: [1, 2],
      c: [1, 2, 4],
      d: [4, 5],
      e: [4, 5, 6],
      f: [3],
    },
    { 'u:1': [1] },
  );
  const model = buildModel(snap);

  it('counts viewers and co-watching', () => {
    expect(model.itemViewers.get(1)).toBe(4);
    expect(model.co.get(1)?.get(2)).toBe(3);
    expect(model.co.get(2)?.get(1)).toBe(3);
    expect(model.categoryViewers.get('music')).toBe(5);
  });

  it('recommends what people who watched the same thing watched, naming it, with a score from the counts', () => {
    const { basis, items } = recommendFor(model, 'u:1');
    expect(basis).toBe('history');
    const first = items[0]!;
    expect(first).toMatchObject({ contentId: 2, signal: 'liked', reason: 'Because you liked “Item 1”' });
    // Rule 1 → 2: 3 of its 4 viewers also watched 2, shrunk by 5 → 3/9. Category: 3 of the 5 music
    // viewers watched 2, shrunk by 5 → 3/10.
    const p = 3 / 9;
    const q = 3 / 10;
    expect(first.confidence).toBeCloseTo(1 - (1 - p) * (1 - q), 3);
    expect(items.every((i) => i.confidence >= 0 && i.confidence <= 1)).toBe(true);
    expect(items.map((i) => i.contentId)).not.toContain(1);
  });

  it('fills a short list with a category signal and then trending items', () => {
    const { items } = recommendFor(model, 'u:1');
    const item3 = items.find((i) => i.contentId === 3)!;
    expect(item3).toMatchObject({ signal: 'category', reason: 'Popular in music, a category you watch' });
    expect(items.filter((i) => i.signal === 'trending').every((i) => i.category === 'news')).toBe(true);
  });

  it('gives a new viewer what is trending and says why', () => {
    const { basis, items } = recommendFor(model, 'u:99');
    expect(basis).toBe('trending');
    expect(items[0]).toMatchObject({ contentId: 1, signal: 'trending' });
    expect(items[0]!.reason).toMatch(/^Trending this week \(4 viewers\); you have no viewing history yet$/);
    expect(items[0]!.confidence).toBeCloseTo(4 / 7, 3);
  });
});
