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
