/** What the upload dialog reads: whether this server can process media, and the size limit. */
import { queryOptions } from '@tanstack/react-query';
import type { MediaCapabilities } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const uploadQueries = {
  capabilities: () =>
    queryOptions({
      queryKey: ['/api/media/capabilities'],
      queryFn: () => apiRequest<MediaCapabilities>('GET', '/api/media/capabilities'),
      staleTime: 60_000,
    }),
};

/** 1536 → "1.5 KB"; sizes as people read them in a file dialog. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}
