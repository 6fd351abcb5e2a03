/**
 * What this browser holds for offline use, account by account: a small index in localStorage (so the
 * offline list works with the network off) over the files in Cache Storage (offline-cache.ts). Each
 * account reads its own, so a shared device does not show, play or remove one person's downloads for
 * another. Components read it through `useStoredDownloads`, which renews when it is written here or in
 * another tab of this browser.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { OfflineContent } from '@onair/protocol';

export interface StoredDownload extends OfflineContent {
  url: string;
  bytes: number;
  mime: string;
}

const PREFIX = 'onair-offline-index:';
/** Before downloads were kept per account: adopted by the first account that reads its index here. */
const UNOWNED_KEY = 'onair-offline-index';

const snapshots = new Map<number, StoredDownload[]>();
const listeners = new Set<() => void>();

function parse(text: string | null): StoredDownload[] {
  try {
    const items: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(items) ? (items as StoredDownload[]) : [];
  } catch {
    return [];
  }
}

function load(userId: number): StoredDownload[] {
  const own = localStorage.getItem(PREFIX + userId);
  if (own !== null) return parse(own);
  const unowned = localStorage.getItem(UNOWNED_KEY);
  if (unowned === null) return [];
  localStorage.setItem(PREFIX + userId, unowned);
  localStorage.removeItem(UNOWNED_KEY);
  return parse(unowned);
}

/** The downloads this browser holds for an account, newest first. */
export function readIndex(userId: number): StoredDownload[] {
  let items = snapshots.get(userId);
  if (!items) snapshots.set(userId, (items = load(userId)));
  return items;
}

function writeIndex(userId: number, items: StoredDownload[]) {
  localStorage.setItem(PREFIX + userId, JSON.stringify(items));
  snapshots.set(userId, items);
  for (const listener of listeners) listener();
}

export function rememberDownload(userId: number, item: StoredDownload) {
  writeIndex(userId, [item, ...readIndex(userId).filter((i) => i.id !== item.id)]);
}

/** Drops an item from an account's index; the entry it had, if any. */
export function forgetInIndex(userId: number, contentId: number): StoredDownload | null {
  const items = readIndex(userId);
  const entry = items.find((i) => i.id === contentId) ?? null;
  if (entry) writeIndex(userId, items.filter((i) => i.id !== contentId));
  return entry;
}

/** Whether an account other than `userId` keeps the file at `url` (the files are stored by address). */
export function heldByAnotherAccount(userId: number, url: string): boolean {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX) || key === PREFIX + userId) continue;
    if (parse(localStorage.getItem(key)).some((item) => item.url === url)) return true;
  }
  return false;
}

function subscribe(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // Another tab wrote an index (every index key starts with the unowned one's), or cleared storage:
    // read them again when next asked.
    if (event.key === null || event.key.startsWith(UNOWNED_KEY)) {
      snapshots.clear();
      listener();
    }
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** An account's downloads on this browser, renewed whenever they change. */
export function useStoredDownloads(userId: number): StoredDownload[] {
  const snapshot = useCallback(() => readIndex(userId), [userId]);
  return useSyncExternalStore(subscribe, snapshot);
}
