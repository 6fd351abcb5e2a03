import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StreamSignal } from '@onair/protocol';
import { apiRequest } from '../../../lib/api';
import { useLiveInterval } from '../../../lib/live';
import { useEncoderAway, useStreamSignals } from '../streamSignal';

/** How often a stalled player without a socket asks whether the encoder is away (the spec's 5 s fallback). */
const SIGNAL_POLL_MS = 5000;

/** A live player without a new frame for this long says so. */
export const STALL_NOTICE_MS = 3000;

export const SIGNAL_LOST_TEXT = "The broadcaster's signal dropped: waiting for it to come back…";
/** Stalled while the server has not said the encoder dropped: the stream is not reaching this viewer. */
export const STREAM_STALLED_TEXT = 'The stream stopped reaching you: trying again…';

/**
 * Whether a live stream has stopped arriving: the media element has run out of buffer ('waiting') and
 * not resumed for a few seconds, or has reached the end of a playlist the packager closed ('ended':
 * an encoder that stops cleanly ends its take) while the item is still on air. An encoder that drops
 * keeps its broadcast for the grace period, with no new segments; without this the picture froze while
 * "behind live" kept climbing, as if all were well.
 */
export function useLiveStall(media: HTMLMediaElement | null, live: boolean): boolean {
  const [stalled, setStalled] = useState(false);
  useEffect(() => {
    setStalled(false);
    if (!media || !live) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onWaiting = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setStalled(true), STALL_NOTICE_MS);
    };
    const onPlaying = () => {
      clearTimeout(timer);
      setStalled(false);
    };
    // Nothing more comes after a closed playlist: no reason to wait before saying so.
    const onEnded = () => {
      clearTimeout(timer);
      setStalled(true);
    };
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('playing', onPlaying);
    media.addEventListener('ended', onEnded);
    return () => {
      clearTimeout(timer);
      media.removeEventListener('waiting', onWaiting);
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('ended', onEnded);
    };
  }, [media, live]);
  return stalled;
}

export interface StallNotice {
  /** The broadcaster's drop (the server said so), or the stream not reaching this viewer. */
  cause: 'encoder' | 'delivery';
  text: string;
  /** While the encoder is away: when the broadcast ends unless it returns. */
  detail: string | null;
}

const clock = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * While the picture is stalled and no socket tells this player (signed out, or the socket down), asks
 * the server whether the broadcaster's encoder is away, every few seconds until it plays again, and
 * keeps the answer where the socket's would go (streamSignal.ts). A connected socket is told at once,
 * so its players ask nothing: a dropped encoder does not turn its audience into a request storm.
 */
function useSignalWhileStalled(contentId: number, stalled: boolean) {
  const interval = useLiveInterval(SIGNAL_POLL_MS);
  const record = useStreamSignals((s) => s.record);
  const asked = useQuery({
    queryKey: ['/api/media/signal', contentId],
    queryFn: () => apiRequest<StreamSignal>('GET', `/api/media/signal/${contentId}`),
    enabled: stalled && interval !== false,
    refetchInterval: interval,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (asked.data) record(asked.data);
  }, [asked.data, record]);
}

/** What a stalled live player says, or null while it plays: whose connection dropped, as far as the server told. */
export function useStallNotice(media: HTMLMediaElement | null, live: boolean, contentId: number): StallNotice | null {
  const stalled = useLiveStall(media, live);
  useSignalWhileStalled(contentId, stalled);
  const away = useEncoderAway(contentId);
  if (!stalled) return null;
  if (away === undefined) return { cause: 'delivery', text: STREAM_STALLED_TEXT, detail: null };
  return { cause: 'encoder', text: SIGNAL_LOST_TEXT, detail: away ? `The broadcast ends at ${clock(away)} unless it comes back.` : null };
}
