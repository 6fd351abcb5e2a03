import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredDownload } from './offline-index';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

let storage: MemoryStorage;
/** A fresh module per test: the index keeps each account's snapshot in memory. */
let index: typeof import('./offline-index');

const download = (id: number): StoredDownload => ({
  id,
  title: `Item ${id}`,
  type: 'tv',
  duration: 10,
  downloadedAt: '2026-11-28T12:00:00.000Z',
  downloadProgress: 100,
  url: `/api/content/${id}/file`,
  bytes: 1000,
  mime: 'video/mp4',
});

beforeEach(async () => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  vi.resetModules();
  index = await import('./offline-index');
});

describe("an account's offline index", () => {
  it('keeps each account’s downloads apart on a shared browser', () => {
    index.rememberDownload(1, download(10));
    index.rememberDownload(2, download(20));
    index.rememberDownload(1, download(11));
    expect(index.readIndex(1).map((d) => d.id)).toEqual([11, 10]);
    expect(index.readIndex(2).map((d) => d.id)).toEqual([20]);
    expect(index.readIndex(3)).toEqual([]);
  });

  it('forgets one item and answers what it held, or null', () => {
    index.rememberDownload(1, download(10));
    index.rememberDownload(1, download(11));
    expect(index.forgetInIndex(1, 10)).toMatchObject({ id: 10, title: 'Item 10' });
    expect(index.forgetInIndex(1, 10)).toBeNull();
    expect(index.readIndex(1).map((d) => d.id)).toEqual([11]);
    // Written through: a new page (a fresh module) reads the same.
    vi.resetModules();
    return import('./offline-index').then((fresh) => expect(fresh.readIndex(1).map((d) => d.id)).toEqual([11]));
  });

  it('tells whether another account keeps the same file', () => {
    index.rememberDownload(1, download(10));
    index.rememberDownload(2, download(10));
    expect(index.heldByAnotherAccount(1, '/api/content/10/file')).toBe(true);
    index.forgetInIndex(2, 10);
    expect(index.heldByAnotherAccount(1, '/api/content/10/file')).toBe(false);
  });

  it('gives the downloads kept before accounts had their own to the first account that reads, once', () => {
    storage.setItem('onair-offline-index', JSON.stringify([download(10)]));
    expect(index.readIndex(5).map((d) => d.id)).toEqual([10]);
    expect(index.readIndex(6)).toEqual([]);
    expect(storage.getItem('onair-offline-index')).toBeNull();
  });

  it('reads a damaged index as empty', () => {
    storage.setItem('onair-offline-index:1', '{not json');
    storage.setItem('onair-offline-index:2', '{"an":"object"}');
    expect(index.readIndex(1)).toEqual([]);
    expect(index.readIndex(2)).toEqual([]);
  });
});
