import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiRecommendation, SummarizeResponse } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export const aiQueries = {
  recommendations: () =>
    queryOptions({
      queryKey: ['/api/ai-recommendations'],
      queryFn: () => apiRequest<AiRecommendation[]>('GET', '/api/ai-recommendations'),
    }),
};

export function useSummarize() {
  return useMutation({ mutationFn: (text: string) => apiRequest<SummarizeResponse>('POST', '/api/summarize', { text }) });
}

export function useRefreshRecommendations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AiRecommendation[]>('POST', '/api/ai-recommendations/refresh'),
    onSuccess: (list) => client.setQueryData(aiQueries.recommendations().queryKey, list),
  });
}
