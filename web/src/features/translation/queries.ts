import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EnginesReport, TranslateAccepted, TranslateRequest, Translation, TranslationCreateRequest } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { contentQueries } from '../content/queries';

export const languageQueries = {
  engines: () => queryOptions({ queryKey: ['/api/ai/engines'], queryFn: () => apiRequest<EnginesReport>('GET', '/api/ai/engines') }),
  /** Content to pick from: a creator's own items, or every item for admins and viewers. */
  content: (creatorId: number | null) => (creatorId === null ? contentQueries.list() : contentQueries.byCreator(creatorId)),
  translations: (contentId: number) =>
    queryOptions({
      queryKey: ['/api/content', contentId, 'translations'],
      queryFn: () => apiRequest<Translation[]>('GET', `/api/content/${contentId}/translations`),
    }),
};

export function useAddTranslation(contentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TranslationCreateRequest) => apiRequest<Translation>('POST', `/api/content/${contentId}/translations`, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: languageQueries.translations(contentId).queryKey }),
  });
}

export function useStartAiTranslation() {
  return useMutation({ mutationFn: (input: TranslateRequest) => apiRequest<TranslateAccepted>('POST', '/api/translate', input) });
}
