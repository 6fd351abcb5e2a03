import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS, type Content, type PresenceUpdate } from '@onair/protocol';
import { contentQueries } from '../content/queries';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';

export const LIVE_CONTENT_KEY = contentQueries.list({ live: true }).queryKey;

/**
 * Live items with viewer counts. Counts move with `presence:update` events; streams starting or
 * stopping arrive as `content:updated` (the list is refetched); without a socket it polls.
 */
export function useLiveContent() {
  const client = useQueryClient();
  const refetchInterval = useLiveInterval(POLL_INTERVAL_MS.activeStreams);
  const query = useQuery({ ...contentQueries.list({ live: true }), refetchInterval });
  useResyncOnReconnect([LIVE_CONTENT_KEY]);
  const onPresence = useCallback(
    (update: PresenceUpdate) =>
      client.setQueryData<Content[]>(LIVE_CONTENT_KEY, (list) =>
        list?.map((c) => (c.id === update.contentId ? { ...c, viewerCount: update.viewerCount } : c)),
      ),
    [client],
  );
  const onContent = useCallback(() => void client.invalidateQueries({ queryKey: LIVE_CONTENT_KEY }), [client]);
  useSocketEvent('presence:update', onPresence);
  useSocketEvent('content:updated', onContent);
  return query;
}
