/**
 * What the admin page receives live: new and decided moderation items (the queue refetches, so its
 * counters stay computed by the server) and system health every 5 s, kept as a short history for the
 * sparklines. While the socket is down the same queries poll instead.
 */
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import type { SystemHealth } from '@onair/protocol';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { adminQueries } from './queries';

/** Samples kept for the sparklines: three minutes at the server's 5 s push interval. */
export const HEALTH_HISTORY_SIZE = 36;

interface HealthHistory {
  samples: SystemHealth[];
  add: (sample: SystemHealth) => void;
}

export const useHealthHistory = create<HealthHistory>((set) => ({
  samples: [],
  add: (sample) =>
    set((state) =>
      // The same measurement can arrive by socket and by a fetch: keep it once.
      state.samples.at(-1)?.measuredAt === sample.measuredAt ? state : { samples: [...state.samples, sample].slice(-HEALTH_HISTORY_SIZE) },
    ),
}));

/** Subscribes the admin page to its live events for as long as it is open. */
export function useAdminLive() {
  const client = useQueryClient();
  const addSample = useHealthHistory((s) => s.add);

  const onModeration = useCallback(() => {
    void client.invalidateQueries({ queryKey: adminQueries.moderation().queryKey });
    void client.invalidateQueries({ queryKey: adminQueries.usage().queryKey });
  }, [client]);
  useSocketEvent('moderation:new', onModeration);
  useSocketEvent('moderation:decided', onModeration);

  const onHealth = useCallback(
    (health: SystemHealth) => {
      client.setQueryData(adminQueries.systemHealth().queryKey, health);
      addSample(health);
    },
    [client, addSample],
  );
  useSocketEvent('system:health', onHealth);
  useResyncOnReconnect([adminQueries.moderation().queryKey, adminQueries.systemHealth().queryKey]);
}

/** System health: pushed every 5 s; fetched every 30 s only while the socket is down (spec §9). */
export function useSystemHealth() {
  const interval = useLiveInterval(POLL_INTERVAL_MS.systemHealth);
  const query = useQuery({ ...adminQueries.systemHealth(), refetchInterval: interval });
  const addSample = useHealthHistory((s) => s.add);
  useEffect(() => {
    if (query.data) addSample(query.data);
  }, [query.data, addSample]);
  return query;
}

/** The moderation queue: refetched on every live event; polled only while the socket is down. */
export function useModerationQueue() {
  const interval = useLiveInterval(POLL_INTERVAL_MS.polls);
  return useQuery({ ...adminQueries.moderation(), refetchInterval: interval });
}
