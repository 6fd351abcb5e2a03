import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Content, ContentEngagement, ContentRating, LikeResponse, PublicCreator, SubscriptionState } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const watchQueries = {
  content: (contentId: number) =>
    queryOptions({ queryKey: ['/api/content', contentId], queryFn: () => apiRequest<Content>('GET', `/api/content/${contentId}`) }),
  creator: (creatorId: number) =>
    queryOptions({ queryKey: ['/api/creators', creatorId], queryFn: () => apiRequest<PublicCreator>('GET', `/api/creators/${creatorId}`) }),
  engagement: (contentId: number) =>
    queryOptions({
      queryKey: ['/api/content', contentId, 'engagement'],
      queryFn: () => apiRequest<ContentEngagement>('GET', `/api/content/${contentId}/engagement`),
    }),
};

/** Like or unlike, and rate 1..5: each answer carries the new counts, which go straight into the cache. */
export function useEngagement(contentId: number) {
  const client = useQueryClient();
  const key = watchQueries.engagement(contentId).queryKey;
  const like = useMutation({
    mutationFn: (liked: boolean) => apiRequest<LikeResponse>(liked ? 'POST' : 'DELETE', `/api/content/${contentId}/like`),
    onSuccess: (r) => client.setQueryData(key, (e) => (e ? { ...e, liked: r.liked, likes: r.likes } : e)),
  });
  const rate = useMutation({
    mutationFn: (rating: number) => apiRequest<ContentRating>('POST', `/api/content/${contentId}/rating`, { rating }),
    onSuccess: (r) => client.setQueryData(key, (e) => (e ? { ...e, myRating: r.rating, avgRating: r.avgRating, ratings: r.ratings } : e)),
  });
  const share = useMutation({
    mutationFn: () => apiRequest<{ shared: boolean }>('POST', `/api/content/${contentId}/share`, { channel: 'link' }),
    // Sharing may have paid points and the daily challenge.
    onSuccess: () => client.invalidateQueries({ queryKey: ['/api/user/gamification'] }),
  });
  return { like, rate, share };
}

export function useSubscription(creatorId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscribe: boolean) => apiRequest<SubscriptionState>(subscribe ? 'POST' : 'DELETE', `/api/creators/${creatorId}/subscribe`),
    onSuccess: (state) =>
      client.setQueryData(watchQueries.creator(creatorId).queryKey, (c) => (c ? { ...c, subscribed: state.subscribed, subscriberCount: state.subscriberCount } : c)),
  });
}
