import { queryOptions } from '@tanstack/react-query';
import type { Transcript, TranscriptSearchResult } from '@onair/protocol';
import { apiRequest, ApiError } from '../../lib/api';

export const transcriptQueries = {
  /** The item's transcript, or null when it has none (404). */
  transcript: (contentId: number) =>
    queryOptions({
      queryKey: ['/api/content', contentId, 'transcript'],
      queryFn: async () => {
        try {
          return await apiRequest<Transcript>('GET', `/api/content/${contentId}/transcript`);
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      // A queued or running transcript is asked again until it is ready.
      refetchInterval: (query) => (query.state.data && (query.state.data.status === 'queued' || query.state.data.status === 'processing') ? 5_000 : false),
    }),
  search: (q: string) =>
    queryOptions({
      queryKey: ['/api/transcripts/search', q],
      queryFn: () => apiRequest<TranscriptSearchResult>('GET', `/api/transcripts/search?q=${encodeURIComponent(q)}`),
      enabled: q.trim().length >= 2,
    }),
};
