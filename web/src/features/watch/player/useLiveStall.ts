import { useEffect, useState } from 'react';

/** A live player without a new frame for this long is said to be waiting for the signal. */
export const STALL_NOTICE_MS = 3000;

export const SIGNAL_LOST_TEXT = "The broadcaster's signal dropped: waiting for it to come back…";

/**
 * Whether a live stream has stopped arriving: the media element has run out of buffer ('waiting') and
 * not resumed for a few seconds. An encoder that drops keeps its broadcast for the grace period, with
 * no new segments; without this the picture froze while "behind live" kept climbing, as if all were well.
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
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('playing', onPlaying);
    return () => {
      clearTimeout(timer);
      media.removeEventListener('waiting', onWaiting);
      media.removeEventListener('playing', onPlaying);
    };
  }, [media, live]);
  return stalled;
}
