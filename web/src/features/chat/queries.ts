/**
 * Chat history, of one item or of the lobby. The key follows the API path, so the default query function
 * fetches it, and socket handlers write into exactly this key.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { withContent } from '../../lib/lists';

export const chatQueries = {
  recent: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/chat/recent', contentId ?? 'lobby'],
      queryFn: () => apiRequest<ChatMessage[]>('GET', withContent('/api/chat/recent', contentId)),
    }),
};
