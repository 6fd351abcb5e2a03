/**
 * Query options for the interaction areas. Keys follow the API paths, so the default query function
 * fetches them, and socket handlers write into exactly these keys.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ChatMessage, GamificationResponse, Poll, Question } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

const withContent = (path: string, contentId: number | null) => (contentId ? `${path}?contentId=${contentId}` : path);

export const interactionQueries = {
  chat: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/chat/recent', contentId ?? 'lobby'],
      queryFn: () => apiRequest<ChatMessage[]>('GET', withContent('/api/chat/recent', contentId)),
    }),
  polls: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/polls/active', contentId ?? 'all'],
      queryFn: () => apiRequest<Poll[]>('GET', withContent('/api/polls/active', contentId)),
    }),
  questions: (contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/qna', contentId ?? 'lobby'],
      queryFn: () => apiRequest<Question[]>('GET', withContent('/api/qna', contentId)),
    }),
  gamification: () =>
    queryOptions({
      queryKey: ['/api/user/gamification'],
      queryFn: () => apiRequest<GamificationResponse>('GET', '/api/user/gamification'),
    }),
};

/** Adds or replaces by id, keeping order by id: socket echoes and REST refetches never duplicate. */
export function mergeById<T extends { id: number }>(list: T[] | undefined, item: T, order: 'asc' | 'desc' = 'asc'): T[] {
  const rest = (list ?? []).filter((x) => x.id !== item.id);
  const merged = [...rest, item].sort((a, b) => a.id - b.id);
  return order === 'asc' ? merged : merged.reverse();
}
