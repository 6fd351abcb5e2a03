/**
 * Studio data: the stream configuration, active streams as a live query (pushed by `streams:active`
 * and `presence:update`, polled every 5 s while the socket is down), and the stream actions.
 */
import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import type { ActiveStream, ActiveStreamsResponse, PresenceUpdate, StreamConfig, StreamKeyResponse, StreamStartResponse, StreamStopResponse } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { LIVE_CONTENT_KEY } from '../home/useLiveContent';

export type StudioForm = Omit<StreamConfig, 'configId' | 'ingestUrl' | 'streamKey' | 'encoderWaitSeconds'>;

export const studioQueries = {
  config: () =>
    queryOptions({ queryKey: ['/api/creator/streaming/config'], queryFn: () => apiRequest<StreamConfig>('GET', '/api/creator/streaming/config') }),
  active: () =>
    queryOptions({
      queryKey: ['/api/creator/streaming/active'],
      queryFn: () => apiRequest<ActiveStreamsResponse>('GET', '/api/creator/streaming/active'),
    }),
};

export function useActiveStreams() {
  const client = useQueryClient();
  const key = studioQueries.active().queryKey;
  const refetchInterval = useLiveInterval(POLL_INTERVAL_MS.activeStreams);
  const query = useQuery({ ...studioQueries.active(), refetchInterval });
  useResyncOnReconnect([key]);
  const onStreams = useCallback((streams: ActiveStream[]) => client.setQueryData(key, { streams }), [client, key]);
  const onPresence = useCallback(
    (update: PresenceUpdate) =>
      client.setQueryData(key, (data) =>
        data
          ? {
              streams: data.streams.map((s) =>
                s.contentId === update.contentId ? { ...s, viewerCount: update.viewerCount, peakViewers: Math.max(s.peakViewers, update.peakViewers) } : s,
              ),
            }
          : data,
      ),
    [client, key],
  );
  useSocketEvent('streams:active', onStreams);
  useSocketEvent('presence:update', onPresence);
  return query;
}

function useStudioInvalidation() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: studioQueries.active().queryKey });
    void client.invalidateQueries({ queryKey: LIVE_CONTENT_KEY });
    void client.invalidateQueries({ queryKey: ['/api/creator'] });
  };
}

export function useSaveConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: StudioForm) => apiRequest<StreamConfig>('POST', '/api/creator/streaming/config', form),
    onSuccess: (config) => client.setQueryData(studioQueries.config().queryKey, config),
  });
}

/** Saves the form first, so the stream goes out with what is on screen, then starts it. */
export function useStartStream() {
  const save = useSaveConfig();
  const refresh = useStudioInvalidation();
  return useMutation({
    mutationFn: async (form: StudioForm) => {
      const config = await save.mutateAsync(form);
      return apiRequest<StreamStartResponse>('POST', '/api/creator/streaming/start', { configId: config.configId });
    },
    onSuccess: refresh,
  });
}

export function useStopStream() {
  const refresh = useStudioInvalidation();
  return useMutation({
    mutationFn: (streamId: number) => apiRequest<StreamStopResponse>('POST', `/api/creator/streaming/stop/${streamId}`),
    onSuccess: refresh,
  });
}

export function useRegenerateKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<StreamKeyResponse>('POST', '/api/creator/streaming/key/regenerate'),
    onSuccess: () => void client.invalidateQueries({ queryKey: studioQueries.config().queryKey }),
  });
}
