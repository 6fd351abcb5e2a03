/**
 * The processing state of an item's media (GET /api/media/status/:contentId), polled while a job works
 * on it. A 404 means there is no media for the item (or no media module on this server): null.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Content, MediaStatus, User } from '@onair/protocol';
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

/**
 * Whether this user may ask: the endpoint answers the item's creator and admins only (a failure's
 * reason is the job's), so nobody else's page asks and gets a 403 for it.
 */
export function seesMediaStatus(user: Pick<User, 'id' | 'role'> | null, content: Pick<Content, 'creatorId'>): boolean {
  return user !== null && (user.role === 'admin' || user.id === content.creatorId);
}

export const mediaQueries = {
  status: (contentId: number) =>
    queryOptions({
      queryKey: ['/api/media/status', contentId],
      queryFn: () => statusOrNull(contentId),
      refetchInterval: (query) => (query.state.data?.status === 'processing' ? PROCESSING_POLL_MS : false),
    }),
};
