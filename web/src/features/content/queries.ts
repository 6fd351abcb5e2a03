/**
 * Content lists. Every key starts with '/api/content', so invalidating that prefix refreshes every
 * list and detail view of content at once.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Content, ContentType } from '@onair/protocol';
import { CONTENT_LIST_MAX } from '@onair/protocol/constants';
import { apiRequest } from '../../lib/api';

export const CONTENT_KEY = ['/api/content'] as const;

/** How many of the library's matches a picker's search offers: enough to choose from, few enough to read. */
const LIBRARY_MATCHES = 50;

/** Every list's key: one type, so a screen can ask for one list or another. */
type ContentListKey = readonly (string | number)[];

/** A filter of the list: what is on air now, what has a file to download for offline use, or on-demand media to play. */
export type ContentSubset = 'live' | 'downloadable' | 'playable';

export const contentQueries = {
  /** The library's first page (GET /api/content), or the part of it `only` names (`?live=true`, `?downloadable=true`, `?playable=true`). */
  list: ({ only }: { only?: ContentSubset } = {}) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, only ?? 'all'] as ContentListKey,
      queryFn: () => apiRequest<Content[]>('GET', only ? `/api/content?${only}=true` : '/api/content'),
    }),
  /**
   * The on-demand catalogue a viewer browses: items with media to play, newest first, narrowed by a
   * search (title or creator) and a type, `limit` at a time.
   */
  browse: ({ search, type, limit }: { search: string; type: ContentType | null; limit: number }) => {
    const params = new URLSearchParams({ playable: 'true', limit: String(limit) });
    if (search) params.set('search', search);
    if (type) params.set('type', type);
    return queryOptions({
      queryKey: [...CONTENT_KEY, 'browse', search, type ?? 'all', limit] as ContentListKey,
      queryFn: () => apiRequest<Content[]>('GET', `/api/content?${params}`),
    });
  },
  /**
   * Items whose title or creator's name contains `search` (a picker's search), newest first: of the
   * whole library, or of one creator's. With `types`, up to that many of each type, so a picker of
   * some types is not crowded out by matches of the others.
   */
  matching: (search: string, { types = [], creatorId }: { types?: readonly ContentType[]; creatorId?: number } = {}) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'matching', search, creatorId ?? 'all', ...types] as ContentListKey,
      queryFn: async () => {
        const ask = (type?: ContentType) => {
          const params = new URLSearchParams({ search, limit: String(LIBRARY_MATCHES) });
          if (type) params.set('type', type);
          if (creatorId !== undefined) params.set('creatorId', String(creatorId));
          return apiRequest<Content[]>('GET', `/api/content?${params}`);
        };
        if (types.length === 0) return ask();
        const lists = await Promise.all(types.map(ask));
        return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
      },
    }),
  /** One creator's items, as many as one request answers. */
  byCreator: (creatorId: number) =>
    queryOptions({
      queryKey: [...CONTENT_KEY, 'creator', creatorId] as ContentListKey,
      queryFn: () => apiRequest<Content[]>('GET', `/api/content?creatorId=${creatorId}&limit=${CONTENT_LIST_MAX}`),
    }),
};
