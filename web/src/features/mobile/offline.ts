/**
 * Offline downloads in the browser: the file is streamed into Cache Storage with real progress, a small
 * index in localStorage remembers what is stored (so the list works with the network off), and the
 * server is told how far each download got. Storage figures come from navigator.storage.estimate().
 */
import type { DownloadResponse, OfflineContent } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { DOWNLOADS_CACHE } from './offline-cache';

const INDEX_KEY = 'onair-offline-index';

/** The server's record of this account's downloads (GET /api/user/offline-content). */
export const OFFLINE_KEY = ['/api/user/offline-content'] as const;

export interface StoredDownload extends OfflineContent {
  url: string;
  bytes: number;
  mime: string;
}

export function readIndex(): StoredDownload[] {
  try {
    return JSON.parse(localStorage.getItem(INDEX_KEY) ?? '[]') as StoredDownload[];
  } catch {
    return [];
  }
}

function writeIndex(items: StoredDownload[]) {
  localStorage.setItem(INDEX_KEY, JSON.stringify(items));
}

function remember(item: StoredDownload) {
  writeIndex([item, ...readIndex().filter((i) => i.id !== item.id)]);
}

/** Downloads an item into the browser; `onProgress` gets whole percents as bytes arrive. */
export async function downloadForOffline(contentId: number, onProgress: (percent: number) => void): Promise<StoredDownload> {
  const download = await apiRequest<DownloadResponse>('POST', '/api/content/download', { contentId });
  const response = await fetch(download.url, { credentials: 'include' });
  if (!response.ok || !response.body) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const total = Number(response.headers.get('content-length')) || download.bytes;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let shown = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    const percent = total ? Math.min(100, Math.floor((received / total) * 100)) : 0;
    if (percent !== shown) onProgress((shown = percent));
  }
  const blob = new Blob(chunks as BlobPart[], { type: download.mime });
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.put(download.url, new Response(blob, { headers: { 'content-type': download.mime, 'content-length': String(blob.size) } }));
  const stored: StoredDownload = { ...download.item, downloadProgress: 100, url: download.url, bytes: blob.size, mime: download.mime };
  remember(stored);
  onProgress(100);
  await apiRequest('PATCH', `/api/user/offline-content/${contentId}`, { downloadProgress: 100 }).catch(() => undefined);
  return stored;
}

export async function removeDownload(contentId: number): Promise<void> {
  const item = readIndex().find((i) => i.id === contentId);
  const cache = await caches.open(DOWNLOADS_CACHE);
  await cache.delete(item?.url ?? `/api/content/${contentId}/file`);
  writeIndex(readIndex().filter((i) => i.id !== contentId));
  await apiRequest('DELETE', `/api/user/offline-content/${contentId}`);
}

/** An object URL for a stored file, playable with no network; null when it is not stored. */
export async function offlinePlaybackUrl(contentId: number): Promise<string | null> {
  const item = readIndex().find((i) => i.id === contentId);
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

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}
