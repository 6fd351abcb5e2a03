/**
 * Viewership queries. The server scopes them to the caller (a creator's content, everything for an
 * admin, a viewer's own history), so the same component serves every page that shows analytics.
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { AnalyticsSummary, InsightsResponse, ViewershipDay, ViewershipRecord, ViewershipTotals } from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export interface ViewershipFilter {
  days: number | null;
}

const query = (filter: ViewershipFilter, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (filter.days) params.set('days', String(filter.days));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const analyticsQueries = {
  /** Platform totals of Home (GET /api/analytics), through the default query function. */
  summary: () => queryOptions<AnalyticsSummary>({ queryKey: ['/api/analytics'] }),
  records: (filter: ViewershipFilter) =>
    queryOptions({
      queryKey: ['/api/analytics/viewership', 'records', filter.days ?? 'all'],
      queryFn: () => apiRequest<ViewershipRecord[]>('GET', `/api/analytics/viewership${query(filter, { limit: '100' })}`),
    }),
  totals: (filter: ViewershipFilter) =>
    queryOptions({
      queryKey: ['/api/analytics/viewership', 'totals', filter.days ?? 'all'],
      queryFn: () => apiRequest<ViewershipTotals>('GET', `/api/analytics/viewership/totals${query(filter)}`),
    }),
  /** Views per day over the period, for everything in scope or one item. */
  daily: (filter: ViewershipFilter, contentId: number | null) =>
    queryOptions({
      queryKey: ['/api/analytics/viewership', 'daily', filter.days ?? 'all', contentId ?? 'all'],
      queryFn: () =>
        apiRequest<ViewershipDay[]>('GET', `/api/analytics/viewership/daily${query(filter, contentId ? { contentId: String(contentId) } : {})}`),
    }),
};

/** Insights are computed by the insights job from one viewership record (spec §7). */
export function useInsights() {
  return useMutation({
    mutationFn: (analyticsData: ViewershipRecord) => apiRequest<InsightsResponse>('POST', '/api/analytics/insights', { analyticsData }),
  });
}
