/**
 * Full-screen playback on the TV: HLS through hls.js (native HLS where the browser has it, as on
 * Safari and many TV browsers), the progressive file otherwise, or the listen stream for radio.
 */
import { useEffect, useRef } from 'react';
import type { Content } from '@onair/protocol';

export function TvPlayer({ content }: { content: Content }) {
  const video = useRef<HTMLVideoElement>(null);
  const playback = content.playback!;
  const source = playback.hls ?? playback.file ?? playback.audio!;
  const kind = playback.hls ? 'hls' : playback.file ? 'file' : 'audio';

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let destroy: (() => void) | undefined;
    if (kind === 'hls' && !element.canPlayType('application/vnd.apple.mpegurl')) {
      void import('hls.js').then(({ default: Hls }) => {
        if (!Hls.isSupported()) return;
        const hls = new Hls({ lowLatencyMode: playback.live });
        hls.loadSource(source);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      });
    } else {
      element.src = source;
    }
    void element.play().catch(() => undefined);
    return () => destroy?.();
  }, [source, kind, playback.live]);

  return (
    <div data-testid="tv-player" data-content-id={content.id} data-source={source} data-kind={kind} style={{ position: 'fixed', inset: 0, background: '#000', zIndex: 10 }}>
      <video ref={video} autoPlay playsInline poster={playback.poster ?? undefined} style={{ width: '100%', height: '100%' }} />
      <div style={{ position: 'absolute', left: 48, bottom: 40, color: '#fff', fontSize: 32, textShadow: '0 2px 6px #000' }}>
        {playback.live && <span style={{ background: '#e03131', padding: '2px 12px', borderRadius: 6, marginRight: 16, fontSize: 24 }}>LIVE</span>}
        {content.title}
        <div style={{ fontSize: 20, opacity: 0.8 }}>Back to return</div>
      </div>
    </div>
  );
}
