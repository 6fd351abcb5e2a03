/**
 * Query options and mutations of the creator dashboard. Keys start with the API path, so
 * invalidating a path prefix refreshes every view of it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content, ContentCreateRequest, ContentUpdateRequest, CreatorProfileRequest, CreatorState } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { USER_QUERY_KEY } from '../auth/AuthProvider';
import { watchQueries } from '../watch/queries';
import { CONTENT_KEY, contentQueries } from '../content/queries';

export const creatorQueries = {
  state: () => queryOptions({ queryKey: ['/api/creator'], queryFn: () => apiRequest<CreatorState>('GET', '/api/creator') }),
  content: contentQueries.byCreator,
};

export function useSaveProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatorProfileRequest) => apiRequest<CreatorState>('POST', '/api/creator', input),
    onSuccess: (state) => {
      client.setQueryData(creatorQueries.state().queryKey, state);
      // The role may have changed (self-serve creators): the shell and Studio read it from the session.
      void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

export function useUpdateContent(creatorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ContentUpdateRequest & { id: number }) => apiRequest<Content>('PATCH', `/api/content/${id}`, input),
    onSuccess: (saved) => {
      client.setQueryData(watchQueries.content(saved.id).queryKey, (old: Content | undefined) => (old ? { ...old, ...saved } : old));
      void client.invalidateQueries({ queryKey: creatorQueries.content(creatorId).queryKey });
    },
  });
}

/**
 * Deletes an item: its creator's lists drop it (`creatorId` null: an item whose creator's account is
 * gone), and the cached item is forgotten (its page reads it again, and finds it gone).
 */
export function useDeleteContent(creatorId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => apiRequest<void>('DELETE', `/api/content/${id}`, reason ? { reason } : undefined),
    onSuccess: (_none, { id }) => {
      if (creatorId !== null) client.setQueryData<Content[]>(creatorQueries.content(creatorId).queryKey, (list) => list?.filter((c) => c.id !== id));
      client.removeQueries({ queryKey: watchQueries.content(id).queryKey });
      void client.invalidateQueries({ queryKey: CONTENT_KEY });
      void client.invalidateQueries({ queryKey: creatorQueries.state().queryKey });
    },
  });
}

export function useCreateContent(creatorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContentCreateRequest) => apiRequest<Content>('POST', '/api/content', input),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: creatorQueries.content(creatorId).queryKey });
      void client.invalidateQueries({ queryKey: creatorQueries.state().queryKey });
    },
  });
}
