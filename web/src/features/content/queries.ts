/**
 * Content lists. Every key starts with '/api/content', so invalidating that prefix refreshes every
 * list and detail view of content at once.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const CONTENT_KEY = ['/api/content'] as const;

export const contentQueries = {
  /** `live: true` lists what is on air now (GET /api/content?live=true); otherwise the whole library. */
  list: ({ live = false }: { live?: boolean } = {}) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, live ? 'live' : 'all'] as const,
      queryFn: () => apiRequest<Content[]>('GET', live ? '/api/content?live=true' : '/api/content'),
    }),
};
