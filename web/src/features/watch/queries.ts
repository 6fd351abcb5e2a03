import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content, PublicCreator, SubscriptionState } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const watchQueries = {
  content: (contentId: number) =>
    queryOptions({ queryKey: ['/api/content', contentId], queryFn: () => apiRequest<Content>('GET', `/api/content/${contentId}`) }),
  creator: (creatorId: number) =>
    queryOptions({ queryKey: ['/api/creators', creatorId], queryFn: () => apiRequest<PublicCreator>('GET', `/api/creators/${creatorId}`) }),
};

export function useSubscription(creatorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) => apiRequest<SubscriptionState>(subscribe ? 'POST' : 'DELETE', `/api/creators/${creatorId}/subscribe`),
    onSuccess: (state) =>
      client.setQueryData(watchQueries.creator(creatorId).queryKey, (c) => (c ? { ...c, subscribed: state.subscribed, subscriberCount: state.subscriberCount } : c)),
  });
}
