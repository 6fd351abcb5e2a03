/**
 * Questions, of one item or of the lobby. The key follows the API path, so the default query function
 * fetches it, and socket handlers write into exactly this key.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Question } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { withContent } from '../../lib/lists';

export const qnaQueries = {
  questions: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/qna', contentId ?? 'lobby'],
      queryFn: () => apiRequest<Question[]>('GET', withContent('/api/qna', contentId)),
    }),
};
