/**
 * Content lists. Every key starts with '/api/content', so invalidating that prefix refreshes every
 * list and detail view of content at once.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const CONTENT_KEY = ['/api/content'] as const;

/** A filter of the list: what is on air now, or what has a file to download for offline use. */
export type ContentSubset = 'live' | 'downloadable';

export const contentQueries = {
  /** The library's first page (GET /api/content), or the part of it `only` names (`?live=true`, `?downloadable=true`). */
  list: ({ only }: { only?: ContentSubset } = {}) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, only ?? 'all'] as const,
      queryFn: () => apiRequest<Content[]>('GET', only ? `/api/content?${only}=true` : '/api/content'),
    }),
};
