/**
 * The processing state of an item's media (GET /api/media/status/:contentId), polled while a job works
 * on it. A 404 means there is no media for the item (or no media module on this server): null.
 */
import { queryOptions } from '@tanstack/react-query';
import type { MediaStatus } from '@onair/protocol';
import { ApiError, apiRequest } from '../../lib/api';

export const PROCESSING_POLL_MS = 3_000;

async function statusOrNull(contentId: number): Promise<MediaStatus | null> {
  try {
    return await apiRequest<MediaStatus>('GET', `/api/media/status/${contentId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const mediaQueries = {
  status: (contentId: number) =>
    queryOptions({
      queryKey: ['/api/media/status', contentId],
      queryFn: () => statusOrNull(contentId),
      refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
    }),
};
