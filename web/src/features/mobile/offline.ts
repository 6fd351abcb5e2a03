/**
 * Offline downloads in the browser: the file is streamed into Cache Storage with real progress, the
 * account's index (offline-index.ts) remembers what is stored, and the server is told how far each
 * download got. Storage figures come from navigator.storage.estimate().
 */
import type { DownloadResponse } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { DOWNLOADS_CACHE } from './offline-cache';
import { forgetInIndex, heldByAnotherAccount, readIndex, rememberDownload, type StoredDownload } from './offline-index';

/** The server's record of this account's downloads (GET /api/user/offline-content). */
export const OFFLINE_KEY = ['/api/user/offline-content'] as const;

/**
 * Downloads an item into the browser; `onProgress` gets whole percents as bytes arrive. The bytes are
 * streamed into Cache Storage as they come, never held whole in memory: a long recording runs to
 * gigabytes, more than a phone's tab may hold. A download cut short stores nothing.
 */
export async function downloadForOffline(userId: number, contentId: number, onProgress: (percent: number) => void): Promise<StoredDownload> {
  const download = await apiRequest<DownloadResponse>('POST', '/api/content/download', { contentId });
  const response = await fetch(download.url, { credentials: 'include' });
  if (!response.ok || !response.body) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const total = Number(response.headers.get('content-length')) || download.bytes;
  let received = 0;
  let shown = -1;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        const percent = total ? Math.min(99, Math.floor((received / total) * 100)) : 0;
        if (percent !== shown) onProgress((shown = percent));
        controller.enqueue(chunk);
      },
    }),
  );
  const headers: Record<string, string> = { 'content-type': download.mime };
  if (response.headers.get('content-length')) headers['content-length'] = String(total);
  await (await caches.open(DOWNLOADS_CACHE)).put(download.url, new Response(counted, { headers }));
  const stored: StoredDownload = { ...download.item, downloadProgress: 100, url: download.url, bytes: received, mime: download.mime };
  rememberDownload(userId, stored);
  onProgress(100);
  await apiRequest('PATCH', `/api/user/offline-content/${contentId}`, { downloadProgress: 100 }).catch(() => undefined);
  return stored;
}

/**
 * Deletes an item's file from this browser and drops it from the account's index, leaving the server's
 * record alone; the entry it had, or null when it held none. The file stays while another account of
 * this browser keeps it.
 */
export async function forgetDownload(userId: number, contentId: number): Promise<StoredDownload | null> {
  const entry = forgetInIndex(userId, contentId);
  const url = entry?.url ?? `/api/content/${contentId}/file`;
  if (!heldByAnotherAccount(userId, url)) await (await caches.open(DOWNLOADS_CACHE)).delete(url);
  return entry;
}

/** The person removes a download: gone from this browser and from the account's record. */
export async function removeDownload(userId: number, contentId: number): Promise<void> {
  await forgetDownload(userId, contentId);
  await apiRequest('DELETE', `/api/user/offline-content/${contentId}`);
}

/** An object URL for a stored file, playable with no network; null when it is not stored. */
export async function offlinePlaybackUrl(userId: number, contentId: number): Promise<string | null> {
  const item = readIndex(userId).find((i) => i.id === contentId);
  if (!item) return null;
  const response = await (await caches.open(DOWNLOADS_CACHE)).match(item.url);
  return response ? URL.createObjectURL(await response.blob()) : null;
}

export interface StorageFigures {
  usage: number;
  quota: number;
}

export async function storageEstimate(): Promise<StorageFigures | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage, quota } = await navigator.storage.estimate();
  return usage === undefined || quota === undefined ? null : { usage, quota };
}
