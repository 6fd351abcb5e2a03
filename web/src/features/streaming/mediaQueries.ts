/**
 * The Studio's media data: what this server can do (ffmpeg), restream destinations, and while live the
 * input's health and each destination's state. Health and states are pushed (`stream:health`,
 * `restream:state`) into the same queries that poll every 2 s while the socket is down.
 */
import { useCallback } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MediaCapabilities, RestreamState, RestreamTarget, RestreamTargetRequest, StreamHealth } from '@onair/protocol';
import { ApiError, apiRequest } from '../../lib/api';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';

export { receivingCount } from './receiving';

/** The polling fallback of the live health and restream states (the push comes at least every 2 s). */
export const LIVE_MEDIA_POLL_MS = 2_000;
const DESTINATIONS = '/api/creator/streaming/destinations';

async function capabilitiesOrNull(): Promise<MediaCapabilities | null> {
  try {
    return await apiRequest<MediaCapabilities>('GET', '/api/media/capabilities');
  } catch (error) {
    // A server without the media module says nothing about ffmpeg: show no notice.
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const mediaStudioQueries = {
  capabilities: () => queryOptions({ queryKey: ['/api/media/capabilities'], queryFn: capabilitiesOrNull, staleTime: 60_000 }),
  destinations: () => queryOptions({ queryKey: [DESTINATIONS], queryFn: () => apiRequest<RestreamTarget[]>('GET', DESTINATIONS) }),
  health: () => queryOptions({ queryKey: ['/api/creator/streaming/health'], queryFn: () => apiRequest<StreamHealth[]>('GET', '/api/creator/streaming/health') }),
  restreams: () =>
    queryOptions({ queryKey: ['/api/creator/streaming/restreams'], queryFn: () => apiRequest<RestreamState[]>('GET', '/api/creator/streaming/restreams') }),
};

const HEALTH_KEY = mediaStudioQueries.health().queryKey;
const RESTREAMS_KEY = mediaStudioQueries.restreams().queryKey;

export function useStreamHealth(live: boolean) {
  const client = useQueryClient();
  const key = HEALTH_KEY;
  const refetchInterval = useLiveInterval(LIVE_MEDIA_POLL_MS);
  const query = useQuery({ ...mediaStudioQueries.health(), enabled: live, refetchInterval: live ? refetchInterval : false });
  useResyncOnReconnect([key]);
  const onHealth = useCallback(
    (health: StreamHealth) => client.setQueryData<StreamHealth[]>(key, (list = []) => [...list.filter((h) => h.streamId !== health.streamId), health]),
    [client, key],
  );
  useSocketEvent('stream:health', onHealth);
  return query;
}

export function useRestreamStates(live: boolean) {
  const client = useQueryClient();
  const key = RESTREAMS_KEY;
  const refetchInterval = useLiveInterval(LIVE_MEDIA_POLL_MS);
  const query = useQuery({ ...mediaStudioQueries.restreams(), enabled: live, refetchInterval: live ? refetchInterval : false });
  useResyncOnReconnect([key]);
  const onState = useCallback(
    (state: RestreamState) =>
      client.setQueryData<RestreamState[]>(key, (list = []) => [
        ...list.filter((s) => s.streamId !== state.streamId || s.targetId !== state.targetId),
        state,
      ]),
    [client, key],
  );
  useSocketEvent('restream:state', onState);
  return query;
}

export function useDestinationMutations() {
  const client = useQueryClient();
  const key = mediaStudioQueries.destinations().queryKey;
  const write = (update: (list: RestreamTarget[]) => RestreamTarget[]) => client.setQueryData<RestreamTarget[]>(key, (list = []) => update(list));
  const add = useMutation({
    mutationFn: (input: RestreamTargetRequest) => apiRequest<RestreamTarget>('POST', DESTINATIONS, input),
    onSuccess: (target) => write((list) => [...list, target]),
  });
  const setEnabled = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) => apiRequest<RestreamTarget>('PATCH', `${DESTINATIONS}/${id}`, { enabled }),
    // The switch shows the asked value while this runs (see DestinationRow); the answer, or on a
    // refusal what the server holds, replaces it. A read already on its way holds the old value:
    // cancelled, so it cannot land after the answer.
    onMutate: () => client.cancelQueries({ queryKey: key }),
    onError: () => void client.invalidateQueries({ queryKey: key }),
    onSuccess: (target) => write((list) => list.map((t) => (t.id === target.id ? target : t))),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `${DESTINATIONS}/${id}`),
    onSuccess: (_none, id) => write((list) => list.filter((t) => t.id !== id)),
  });
  return { add, setEnabled, remove };
}
