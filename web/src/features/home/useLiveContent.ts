import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import type { Content, PresenceUpdate } from '@onair/protocol';
import { contentQueries } from '../content/queries';
import { useLiveInterval, useResyncOnReconnect, useSocketEvent } from '../../lib/live';
import { getSocket, useConnectionStatus } from '../../lib/socket';

export const LIVE_CONTENT_KEY = contentQueries.list({ only: 'live' }).queryKey;

/**
 * Follows `streams:active` while mounted, where the server pushes every item's viewer count (once a
 * second at most). Sent again on each connection: a fresh socket starts outside the room.
 */
function useFollowLiveList() {
  const status = useConnectionStatus((s) => s.status);
  useEffect(() => {
    const socket = getSocket();
    if (status !== 'connected' || !socket) return;
    socket.emit('streams:follow');
    return () => {
      // A dropped socket left the room already; a buffered unfollow would only race the next follow.
      if (socket.connected) socket.emit('streams:unfollow');
    };
  }, [status]);
}

/**
 * Live items with viewer counts. Counts move with `presence:update` events from `streams:active`; streams starting or
 * stopping arrive as `content:updated` (deleted items leave every list through useContentRemovals); without a socket it polls.
 */
export function useLiveContent() {
  const client = useQueryClient();
  const refetchInterval = useLiveInterval(POLL_INTERVAL_MS.activeStreams);
  const query = useQuery({ ...contentQueries.list({ only: 'live' }), refetchInterval });
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
  useFollowLiveList();
  return query;
}
