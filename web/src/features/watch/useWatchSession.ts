/**
 * Watching one item. While the socket is up, `content:watch` counts this tab as a viewer; the server
 * records the view (device, watch time) when the tab leaves or drops. Time spent watching without a
 * socket is counted here and reported with POST /api/analytics/record when the viewer leaves.
 * Viewer counts and status changes of the item write into its query; the encoder's drops and returns
 * into streamSignal.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Ack, Content, PresenceUpdate, ViewDevice, ViewRecordRequest } from '@onair/protocol';
import { apiRequest } from '../../lib/api';
import { deviceId } from '../../lib/device-id';
import { useSocketEvent } from '../../lib/live';
import { getSocket, useConnectionStatus } from '../../lib/socket';
import { detectDevice } from './device';
import { watchQueries } from './queries';
import { useContentUpdates } from './useContentUpdates';
import { useStreamSignals } from './streamSignal';

const RECORD_URL = '/api/analytics/record';
const WATCH_ACK_TIMEOUT_MS = 4000;
/** Joining is idempotent on the server, so an unanswered join is simply asked again. */
const WATCH_ATTEMPTS = 3;

function report(body: ViewRecordRequest, leavingPage: boolean) {
  // A closing page cannot await a fetch; a beacon is delivered after it is gone.
  if (leavingPage && navigator.sendBeacon) {
    navigator.sendBeacon(RECORD_URL, new Blob([JSON.stringify(body)], { type: 'application/json' }));
    return;
  }
  void apiRequest('POST', RECORD_URL, body).catch(() => undefined);
}

/** `device` names the screen when the page knows better than the user agent (the 10-foot TV app). */
export function useWatchSession(contentId: number, deviceOverride?: ViewDevice) {
  const client = useQueryClient();
  const key = watchQueries.content(contentId).queryKey;
  const status = useConnectionStatus((s) => s.status);
  const detected = useRef(detectDevice()).current;
  const device = deviceOverride ?? detected;

  const setViewers = useCallback(
    (viewerCount: number) => client.setQueryData<Content>(key, (c) => (c && c.status === 'live' ? { ...c, viewerCount } : c)),
    // key derives from contentId
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, contentId],
  );

  // Enter the room on every (re)connection: a dropped socket's view has already ended on the server.
  const [inRoom, setInRoom] = useState(false);
  useEffect(() => {
    const socket = getSocket();
    setInRoom(false);
    if (status !== 'connected' || !socket) return;
    let cancelled = false;
    const join = async () => {
      for (let attempt = 0; attempt < WATCH_ATTEMPTS && !cancelled; attempt += 1) {
        try {
          const result = (await socket.timeout(WATCH_ACK_TIMEOUT_MS).emitWithAck('content:watch', { contentId, device })) as Ack<PresenceUpdate>;
          if (cancelled) return;
          if (result.ok) {
            setViewers(result.data.viewerCount);
            setInRoom(true);
          }
          return;
        } catch {
          // No answer in time (a busy server): ask again.
        }
      }
    };
    void join();
    return () => {
      cancelled = true;
      // volatile: a leave queued while disconnected must not be replayed after a later watch.
      socket.volatile.emit('content:leave', { contentId });
    };
  }, [status, contentId, device, setViewers]);

  // Seconds watched with no socket, reported when the viewer leaves.
  const offlineSeconds = useRef(0);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible' && !getSocket()?.connected) offlineSeconds.current += 1;
    }, 1000);
    const flush = (leavingPage: boolean) => {
      const watchSeconds = offlineSeconds.current;
      offlineSeconds.current = 0;
      // The device's own key, so a signed-out viewer's reports are theirs, not everyone's behind the same address.
      if (watchSeconds > 0) report({ contentId, device, watchSeconds, deviceKey: deviceId() ?? undefined }, leavingPage);
    };
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', onPageHide);
      flush(false);
    };
  }, [contentId, device]);

  const onPresence = useCallback(
    (update: PresenceUpdate) => {
      if (update.contentId === contentId) setViewers(update.viewerCount);
    },
    [contentId, setViewers],
  );
  useSocketEvent('presence:update', onPresence);
  // What the broadcaster's encoder is doing, for the players' notices (streamSignal.ts).
  const recordSignal = useStreamSignals((s) => s.record);
  useSocketEvent('stream:signal', recordSignal);
  useEffect(() => () => recordSignal({ contentId, state: 'ended', endsAt: null }), [contentId, recordSignal]);
  useContentUpdates(contentId);
  return { inRoom };
}
