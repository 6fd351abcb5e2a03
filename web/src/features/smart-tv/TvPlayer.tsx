/**
 * Full-screen playback on the TV: HLS through hls.js (native HLS where the browser has it, as on
 * Safari and many TV browsers), the progressive file otherwise, or the listen stream for radio.
 * A live broadcast that stops is said, as on the watch page: first that the broadcaster's signal
 * dropped, then, once the broadcast is over (the video reached the end of the stream, or the item is
 * no longer on air), that it has ended, with the recording to watch when there is one and the way
 * back to the grid, both reached with the remote.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Content } from '@onair/protocol';
import { POLL_INTERVAL_MS } from '@onair/protocol/constants';
import { useLiveInterval } from '../../lib/live';
import { loadHls } from '../watch/player/hlsSupport';
import { useStallNotice } from '../watch/player/useLiveStall';
import { watchQueries } from '../watch/queries';
import { useContentUpdates } from '../watch/useContentUpdates';
import { useWatchSession } from '../watch/useWatchSession';
import type { TvKey } from './keys';
import { useTvKeys } from './useTvKeys';

const ENDED_TEXT = 'This broadcast has ended';

type EndedAction = 'watch' | 'back';

/** The item as on-demand media: off air, with a playback that is not the live playlist left behind. */
function recordingOf(item: Content | undefined): Content | null {
  return item && item.status !== 'live' && item.playback && !item.playback.live ? item : null;
}

/** Whether an ended broadcast's recording may still come: the item not yet known to be off air, or being processed. */
function recordingMayCome(item: Content | undefined): boolean {
  if (!item || item.status === 'live') return true;
  return item.status === 'published' && !recordingOf(item);
}

function EndedButton({ action, selected, onSelect, onActivate, children }: { action: EndedAction; selected: boolean; onSelect: (action: EndedAction) => void; onActivate: (action: EndedAction) => void; children: string }) {
  const button = useRef<HTMLButtonElement>(null);
  // The remote moves a selection, not the browser's focus: the focus follows it, so it lands on the new
  // primary action when that changes (the recording turning up) and screen readers say where it is.
  useEffect(() => {
    if (selected) button.current?.focus();
  }, [selected]);
  return (
    <button
      ref={button}
      type="button"
      data-focused={selected || undefined}
      onFocus={() => onSelect(action)}
      onClick={() => onActivate(action)}
      style={{
        fontSize: 28,
        fontWeight: 700,
        padding: '14px 36px',
        borderRadius: 12,
        border: 0,
        cursor: 'pointer',
        background: selected ? '#fff' : 'rgba(255,255,255,0.16)',
        color: selected ? '#101113' : '#fff',
        outline: selected ? '6px solid rgba(224,49,49,0.8)' : '6px solid transparent',
        outlineOffset: 4,
      }}
    >
      {children}
    </button>
  );
}

function Ended({ content, onClose, onPlay }: { content: Content; onClose: () => void; onPlay: (content: Content) => void }) {
  // The item as it is now: off air, and whether its recording is there yet. Changes are pushed to the
  // lobby when there is a socket (a signed-in TV); without one (a TV paired by code) it is polled.
  const interval = useLiveInterval(POLL_INTERVAL_MS.activeStreams);
  const item = useQuery({ ...watchQueries.content(content.id), refetchInterval: (query) => (recordingMayCome(query.state.data) ? interval : false) }).data;
  useContentUpdates(content.id);

  const recording = recordingOf(item);
  const actions = useMemo<EndedAction[]>(() => (recording ? ['watch', 'back'] : ['back']), [recording]);
  const primary = actions[0]!;
  // A choice made with the remote holds until the primary action changes; then the selection moves to it.
  const [choice, setChoice] = useState<{ primary: EndedAction; action: EndedAction } | null>(null);
  const selected = choice?.primary === primary && actions.includes(choice.action) ? choice.action : primary;
  const select = useCallback((action: EndedAction) => setChoice({ primary, action }), [primary]);
  const activate = useCallback((action: EndedAction) => (action === 'watch' && recording ? onPlay(recording) : onClose()), [recording, onPlay, onClose]);

  const press = useCallback(
    (key: TvKey) => {
      const at = actions.indexOf(selected);
      if (key === 'Enter') activate(selected);
      else if (key === 'ArrowLeft' || key === 'ArrowUp') select(actions[Math.max(0, at - 1)]!);
      else if (key === 'ArrowRight' || key === 'ArrowDown') select(actions[Math.min(actions.length - 1, at + 1)]!);
      // Back is the screen's: it closes the player.
    },
    [actions, selected, activate, select],
  );
  useTvKeys(press);

  const detail = recording
    ? 'Its recording is ready to watch.'
    : !item || item.status === 'live'
      ? 'Looking for its recording…'
      : item.status === 'published'
        ? 'The recording will be here when it is ready.'
        : 'It was not recorded.';
  return (
    <div
      data-testid="tv-player-ended"
      style={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 20,
        padding: 56,
        textAlign: 'center',
        color: '#fff',
        background: content.playback?.poster ? `linear-gradient(rgba(16,17,19,0.85), rgba(16,17,19,0.85)), center/cover url(${content.playback.poster})` : '#101113',
      }}
    >
      <div role="status">
        <div style={{ fontSize: 48, fontWeight: 800 }}>{ENDED_TEXT}</div>
        <div style={{ fontSize: 30, opacity: 0.85, marginTop: 12 }}>{content.title}</div>
        <div style={{ fontSize: 24, opacity: 0.75, marginTop: 8 }}>{detail}</div>
      </div>
      <div style={{ display: 'flex', gap: 28, marginTop: 16 }}>
        {recording && (
          <EndedButton action="watch" selected={selected === 'watch'} onSelect={select} onActivate={activate}>
            Watch the recording
          </EndedButton>
        )}
        <EndedButton action="back" selected={selected === 'back'} onSelect={select} onActivate={activate}>
          Back to the grid
        </EndedButton>
      </div>
      <div style={{ fontSize: 20, opacity: 0.7 }}>OK to choose · Back to return</div>
    </div>
  );
}

/**
 * While the picture plays, this TV is one of the item's viewers, as a browser on the watch page is:
 * counted live over the socket when signed in, its watch time reported when it leaves otherwise.
 */
function CountedAsViewer({ contentId }: { contentId: number }) {
  useWatchSession(contentId, 'tv');
  return null;
}

export function TvPlayer({ content, onAir, onClose, onPlay }: {
  content: Content;
  /** Whether the live list still has this item on air (for a live item). */
  onAir: boolean;
  onClose: () => void;
  /** Plays another item in the player (the recording of a broadcast that ended). */
  onPlay: (content: Content) => void;
}) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const playback = content.playback!;
  const source = playback.hls ?? playback.file ?? playback.audio!;
  const kind = playback.hls ? 'hls' : playback.file ? 'file' : 'audio';
  const live = content.status === 'live';
  // The stream reached its end (the packager closed the playlist) or the broadcast went off air.
  const [streamEnded, setStreamEnded] = useState(false);
  const ended = live && (streamEnded || !onAir);
  const notice = useStallNotice(video, live && !ended, content.id);

  useEffect(() => {
    if (!video) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    if (kind === 'hls' && !video.canPlayType('application/vnd.apple.mpegurl')) {
      void loadHls().then((Hls) => {
        if (cancelled || !Hls.isSupported()) return;
        const hls = new Hls({ lowLatencyMode: playback.live });
        hls.loadSource(source);
        hls.attachMedia(video);
        destroy = () => hls.destroy();
      });
    } else {
      video.src = source;
    }
    void video.play().catch(() => undefined);
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [video, source, kind, playback.live]);

  return (
    <div data-testid="tv-player" data-content-id={content.id} data-source={source} data-kind={kind} style={{ position: 'fixed', inset: 0, background: '#000', zIndex: 10 }}>
      {ended ? (
        <Ended content={content} onClose={onClose} onPlay={onPlay} />
      ) : (
        <>
          <CountedAsViewer contentId={content.id} />
          <video ref={setVideo} autoPlay playsInline poster={playback.poster ?? undefined} onEnded={() => setStreamEnded(true)} style={{ width: '100%', height: '100%' }} />
          {notice && (
            <div
              role="status"
              data-testid={notice.cause === 'encoder' ? 'tv-player-signal-lost' : 'tv-player-stalled'}
              style={{ position: 'absolute', top: 40, left: 48, right: 48, color: '#fff', fontSize: 28, textShadow: '0 2px 6px #000' }}
            >
              {notice.text}
              {notice.detail && <div style={{ fontSize: 20, opacity: 0.85 }}>{notice.detail}</div>}
            </div>
          )}
          <div style={{ position: 'absolute', left: 48, bottom: 40, color: '#fff', fontSize: 32, textShadow: '0 2px 6px #000' }}>
            {live && <span style={{ background: '#e03131', padding: '2px 12px', borderRadius: 6, marginRight: 16, fontSize: 24 }}>LIVE</span>}
            {content.title}
            <div style={{ fontSize: 20, opacity: 0.8 }}>Back to return</div>
          </div>
        </>
      )}
    </div>
  );
}
