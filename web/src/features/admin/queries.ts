/**
 * Admin queries and actions. Every key starts with 'admin', so Refresh invalidates the admin area
 * and nothing else. The four dashboard queries never retry (spec §7): a 403 is final.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContentPage,
  AdminContentQuery,
  AdminUser,
  AdminUsers,
  ContentMetrics,
  Curation,
  CurationRequest,
  ModerationDecision,
  ModerationQueue,
  Notification,
  RegionMetrics,
  Role,
  SystemHealth,
  UsageAnalytics,
} from '@onair/protocol';
import { apiRequest } from '../../lib/api';

export type ContentPeriod = ContentMetrics['period'];
export type RegionPeriod = RegionMetrics['period'];
export interface UsersFilter {
  search?: string | undefined;
  role?: Role | undefined;
  page: number;
  pageSize: number;
}

const params = (values: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The library of every item, whatever its filters and page (read again when an item is deleted anywhere). */
export const ADMIN_LIBRARY_KEY = ['admin', 'content'] as const;

export const adminQueries = {
  all: () => ['admin'] as const,
  contentMetrics: (period: ContentPeriod) =>
    queryOptions({
      queryKey: ['admin', 'content-metrics', period],
      queryFn: () => apiRequest<ContentMetrics>('GET', `/api/admin/content-metrics${params({ period })}`),
    }),
  regionMetrics: (period: RegionPeriod) =>
    queryOptions({
      queryKey: ['admin', 'region-metrics', period],
      queryFn: () => apiRequest<RegionMetrics>('GET', `/api/admin/region-metrics${params({ period })}`),
    }),
  usage: () =>
    queryOptions({
      queryKey: ['admin', 'usage-analytics'],
      queryFn: () => apiRequest<UsageAnalytics>('GET', '/api/admin/usage-analytics'),
    }),
  moderation: () =>
    queryOptions({
      queryKey: ['admin', 'moderation-queue'],
      queryFn: () => apiRequest<ModerationQueue>('GET', '/api/admin/moderation-queue'),
    }),
  library: (query: AdminContentQuery) =>
    queryOptions({
      queryKey: [...ADMIN_LIBRARY_KEY, query],
      queryFn: () => apiRequest<AdminContentPage>('GET', `/api/admin/content${params({ ...query })}`),
    }),
  users: (query: UsersFilter) =>
    queryOptions({
      queryKey: ['admin', 'users', query],
      queryFn: () => apiRequest<AdminUsers>('GET', `/api/admin/users${params({ ...query })}`),
    }),
  curation: () =>
    queryOptions({
      queryKey: ['admin', 'curation'],
      queryFn: () => apiRequest<Curation[]>('GET', '/api/admin/curation'),
    }),
  systemHealth: () =>
    queryOptions({
      queryKey: ['admin', 'system-health'],
      queryFn: () => apiRequest<SystemHealth>('GET', '/api/admin/system-health'),
    }),
};

/** Approve or reject; a rejection may time the author out of chat. */
export function useModerationDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verdict, timeoutMinutes }: { id: number; verdict: 'approve' | 'reject'; timeoutMinutes?: number }) =>
      apiRequest<ModerationDecision>('POST', `/api/admin/moderation/${id}/${verdict}`, verdict === 'reject' ? { timeoutMinutes } : undefined),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: adminQueries.moderation().queryKey });
      void client.invalidateQueries({ queryKey: adminQueries.usage().queryKey });
    },
  });
}

export type UserAction =
  | { kind: 'verify' | 'approve-creator' | 'suspend' | 'unsuspend'; user: AdminUser }
  | { kind: 'role'; user: AdminUser; role: Role }
  | { kind: 'message'; user: AdminUser; text: string };

export function useUserAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction): Promise<AdminUser | Notification> => {
      const base = `/api/admin/users/${action.user.id}`;
      if (action.kind === 'role') return apiRequest<AdminUser>('POST', `${base}/role`, { role: action.role });
      if (action.kind === 'message') return apiRequest<Notification>('POST', `${base}/message`, { text: action.text });
      return apiRequest<AdminUser>('POST', `${base}/${action.kind}`);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      void client.invalidateQueries({ queryKey: adminQueries.usage().queryKey });
    },
  });
}

export function useApplyCuration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CurationRequest) => apiRequest<Curation>('POST', '/api/admin/curation', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminQueries.curation().queryKey }),
  });
}

export function useRemoveCuration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/admin/curation/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: adminQueries.curation().queryKey }),
  });
}
