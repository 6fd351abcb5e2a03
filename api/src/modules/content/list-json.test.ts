import type { Content } from '@onair/protocol';
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { listBody, listJson, prepareList } from './list-json.ts';

const item = (id: number, status: Content['status'], viewerCount: number): Content => ({
  id,
  title: `Item "${id}"`,
  description: null,
  type: 'tv',
  category: 'News',
  status,
  creatorId: 3,
  creatorName: 'Ama',
  viewerCount,
  duration: 60,
  language: 'en',
  createdAt: new Date(0).toISOString(),
  playback: null,
});

describe('content list JSON parts', () => {
  it('assembles the same list JSON.stringify gives, with live counts taken fresh', () => {
    const items = [item(1, 'live', 4), item(2, 'published', 17), item(3, 'offline', 0)];
    const prepared = prepareList(items);
    expect(prepared.liveIds).toEqual([1]);
    const fresh = new Map([[1, 9]]);
    expect(JSON.parse(listJson(prepared, fresh))).toEqual([{ ...items[0], viewerCount: 9 }, items[1], items[2]]);
    // A live item nobody watches any more reads 0, not its count when the list was kept.
    expect(JSON.parse(listJson(prepared, new Map()))[0].viewerCount).toBe(0);
    expect(listJson(prepareList([]), fresh)).toBe('[]');
  });

  it('sends the same bytes while the live counts stay, gzipped to the same JSON for clients that accept it', () => {
    const prepared = prepareList([item(1, 'live', 4), item(2, 'published', 17)]);
    const first = listBody(prepared, new Map([[1, 5]]), false);
    expect(first.gzip).toBe(false);
    expect(listBody(prepared, new Map([[1, 5]]), false).body).toBe(first.body);
    const zipped = listBody(prepared, new Map([[1, 5]]), true);
    expect(zipped.gzip).toBe(true);
    expect(gunzipSync(zipped.body).equals(first.body)).toBe(true);
    const moved = listBody(prepared, new Map([[1, 6]]), false);
    expect(moved.body).not.toBe(first.body);
    expect(JSON.parse(moved.body.toString())[0].viewerCount).toBe(6);
    // One answer of the live audience, shared by a turn's requests, is read once; the next answer is read again.
    const shared = new Map([[1, 7]]);
    const once = listBody(prepared, shared, false);
    expect(JSON.parse(once.body.toString())[0].viewerCount).toBe(7);
    expect(listBody(prepared, shared, false).body).toBe(once.body);
    expect(JSON.parse(listBody(prepared, new Map([[1, 8]]), false).body.toString())[0].viewerCount).toBe(8);
  });
});
