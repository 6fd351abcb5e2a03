/**
 * Active polls, of one item or of the lobby. The key follows the API path, so the default query function
 * fetches it, and socket handlers write into exactly this key.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Poll } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { withContent } from '../../lib/lists';

export const pollQueries = {
  active: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/polls/active', contentId ?? 'all'],
      queryFn: () => apiRequest<Poll[]>('GET', withContent('/api/polls/active', contentId)),
    }),
};
