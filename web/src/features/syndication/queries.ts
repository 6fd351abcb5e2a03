/**
 * Podcast syndication data: records (spec §7's list), the creator's shows and the download figures.
 * Syndication job events from the socket write into the same cache, so rows move as the job works.
 */
import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PodcastShow,
  PodcastSyndication,
  ShowCreateRequest,
  ShowUpdateRequest,
  SyndicationAnalytics,
  SyndicationPlatform,
  SyndicationStarted,
} from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { getSocket, useConnectionStatus } from '../../lib/socket';

export const SYNDICATION_KEY = ['/api/podcast-syndication'] as const;
export const SHOWS_KEY = ['/api/podcast-shows'] as const;

export const syndicationQueries = {
  list: () =>
    queryOptions({
      queryKey: SYNDICATION_KEY,
      queryFn: () => apiRequest<PodcastSyndication[]>('GET', '/api/podcast-syndication'),
    }),
  shows: () =>
    queryOptions({
      queryKey: SHOWS_KEY,
      queryFn: () => apiRequest<PodcastShow[]>('GET', '/api/podcast-shows'),
    }),
  analytics: (showId: number | null) =>
    queryOptions({
      queryKey: [...SYNDICATION_KEY, 'analytics', showId ?? 'all'] as const,
      queryFn: () => apiRequest<SyndicationAnalytics>('GET', `/api/podcast-syndication/analytics${showId ? `?showId=${showId}` : ''}`),
    }),
};

/** Writes records into the list: replaced by id, new ones first. */
function mergeRecords(list: PodcastSyndication[] | undefined, records: PodcastSyndication[]): PodcastSyndication[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  const kept = (list ?? []).map((r) => byId.get(r.id) ?? r);
  const fresh = records.filter((r) => !(list ?? []).some((x) => x.id === r.id));
  return [...fresh, ...kept];
}

export function useDistribute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { contentId: number; platform: SyndicationPlatform; showId?: number }) =>
      apiRequest<SyndicationStarted>('POST', '/api/podcast-syndication', input),
    onSuccess: (started) => {
      client.setQueryData(SYNDICATION_KEY, (list: PodcastSyndication[] | undefined) => mergeRecords(list, started.records));
      void client.invalidateQueries({ queryKey: SHOWS_KEY });
    },
  });
}

/** Sync one record, or every record of mine with id 0 (spec §7: Sync All). */
export function useSync() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ jobId: string | null; records: PodcastSyndication[] }>('POST', `/api/podcast-syndication/${id}/sync`),
    onSuccess: (started) => client.setQueryData(SYNDICATION_KEY, (list: PodcastSyndication[] | undefined) => mergeRecords(list, started.records)),
  });
}

export function useSetExternalId() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, externalId }: { id: number; externalId: string | null }) =>
      apiRequest<PodcastSyndication>('PATCH', `/api/podcast-syndication/${id}`, { externalId }),
    onSuccess: (record) => client.setQueryData(SYNDICATION_KEY, (list: PodcastSyndication[] | undefined) => mergeRecords(list, [record])),
  });
}

export function useCreateShow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShowCreateRequest) => apiRequest<PodcastShow>('POST', '/api/podcast-shows', input),
    onSuccess: (show) => client.setQueryData(SHOWS_KEY, (list: PodcastShow[] | undefined) => [...(list ?? []), show]),
  });
}

function replaceShow(list: PodcastShow[] | undefined, show: PodcastShow) {
  return (list ?? []).map((s) => (s.id === show.id ? show : s));
}

export function useUpdateShow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ShowUpdateRequest & { id: number }) => apiRequest<PodcastShow>('PATCH', `/api/podcast-shows/${id}`, input),
    onSuccess: (show) => client.setQueryData(SHOWS_KEY, (list: PodcastShow[] | undefined) => replaceShow(list, show)),
  });
}

export function useUploadCover() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, image }: { id: number; image: string }) => apiRequest<PodcastShow>('PUT', `/api/podcast-shows/${id}/cover`, { image }),
    onSuccess: (show) => client.setQueryData(SHOWS_KEY, (list: PodcastShow[] | undefined) => replaceShow(list, show)),
  });
}

/**
 * Follows syndication jobs on the socket: each progress step refetches the list (records turn
 * pending and back), and the end writes the job's records in and refreshes shows and figures. While
 * the socket is down, the list polls every 5 s instead.
 */
export function useSyndicationLive(): { polling: boolean; step: string | null } {
  const client = useQueryClient();
  const status = useConnectionStatus((s) => s.status);
  const connected = status === 'connected';
  const [step, setStep] = useState<string | null>(null);
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    const progress = (e: { name: string; message: string }) => {
      if (e.name !== 'syndication') return;
      setStep(e.message);
      void client.invalidateQueries({ queryKey: SYNDICATION_KEY, exact: true });
    };
    const done = (e: { name: string; result: unknown }) => {
      if (e.name !== 'syndication') return;
      setStep(null);
      const records = (e.result as { records?: PodcastSyndication[] } | null)?.records ?? [];
      client.setQueryData(SYNDICATION_KEY, (list: PodcastSyndication[] | undefined) => mergeRecords(list, records));
      void client.invalidateQueries({ queryKey: SHOWS_KEY });
      void client.invalidateQueries({ queryKey: [...SYNDICATION_KEY, 'analytics'] });
    };
    const failed = (e: { name: string }) => {
      if (e.name !== 'syndication') return;
      setStep(null);
      void client.invalidateQueries({ queryKey: SYNDICATION_KEY, exact: true });
    };
    socket.on('job:progress', progress);
    socket.on('job:done', done);
    socket.on('job:failed', failed);
    return () => {
      socket.off('job:progress', progress);
      socket.off('job:done', done);
      socket.off('job:failed', failed);
    };
  }, [client, connected]);
  return { polling: !connected, step };
}
