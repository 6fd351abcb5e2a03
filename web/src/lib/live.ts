/**
 * One live-query mechanism: the TanStack Query cache is the single source of truth. Socket events
 * write into it (`setQueryData`); while the socket is down, the same queries poll at the spec's
 * intervals and stop polling when it is back. A reconnection that could not replay missed events
 * refetches the live queries once.
 */
import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerToClientEvents } from '@onair/protocol';
import { getSocket, isLive, useConnectionStatus } from './socket';

/** `refetchInterval` for a live query: off while connected, the fallback interval otherwise. */
export function useLiveInterval(fallbackMs: number): number | false {
  const status = useConnectionStatus((s) => s.status);
  return isLive(status) ? false : fallbackMs;
}

/** Refetches the given queries after every reconnection that lost events. */
export function useResyncOnReconnect(keys: QueryKey[]) {
  const client = useQueryClient();
  const resyncs = useConnectionStatus((s) => s.resyncs);
  useEffect(() => {
    if (resyncs <= 1) return;
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    // keys are rebuilt each render; resyncs is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resyncs, client]);
}

/** Subscribes to a server event for the lifetime of the component (and of the current socket). */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const status = useConnectionStatus((s) => s.status);
  useEffect(() => {
    const socket = getSocket();
    if (!socket) return;
    socket.on(event, handler as never);
    return () => {
      socket.off(event, handler as never);
    };
  }, [event, handler, status]);
}

/**
 * Reads the given queries again whenever a notification arrives for this person: invitations, and
 * the answers to theirs, come as notifications and change what pages about schools and churches show.
 */
export function useRefreshOnNotification(keys: QueryKey[]) {
  const client = useQueryClient();
  const joined = JSON.stringify(keys);
  const refresh = useCallback(() => {
    for (const queryKey of JSON.parse(joined) as QueryKey[]) void client.invalidateQueries({ queryKey });
  }, [client, joined]);
  useSocketEvent('notification:new', refresh);
}
