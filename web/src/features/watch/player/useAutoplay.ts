/**
 * Starts playback once the source is ready. Browsers refuse sound before the viewer has interacted
 * with the page; video then starts muted with an Unmute button, and audio waits for the Play button.
 */
import { useCallback, useEffect, useState } from 'react';

export function useAutoplay(media: HTMLMediaElement | null, ready: boolean, allowMuted: boolean) {
  const [blocked, setBlocked] = useState<'muted' | 'paused' | null>(null);

  useEffect(() => {
    if (!media || !ready) return;
    let cancelled = false;
    media.play().catch(async (error: unknown) => {
      if (cancelled || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      if (!allowMuted) return setBlocked('paused');
      media.muted = true;
      await media.play().then(
        () => !cancelled && setBlocked('muted'),
        () => !cancelled && setBlocked('paused'),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [media, ready, allowMuted]);

  const resume = useCallback(() => {
    if (!media) return;
    media.muted = false;
    void media.play().then(() => setBlocked(null), () => undefined);
  }, [media]);

  return { blocked, resume };
}
