/**
 * Attaches an HLS source to a <video> or <audio> element and reports what a viewer needs to see: the
 * quality levels and which one plays, how far behind live the picture is, and whether the stream is
 * there yet. A live playlist that is not there yet (the broadcaster's encoder has not sent a first
 * segment) is retried every RETRY_MS rather than shown as an error.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type HlsType from 'hls.js';
import { hlsEngineFor, loadHls, type HlsEngine } from './hlsSupport';

export const RETRY_MS = 2_000;
const LATENCY_SAMPLE_MS = 1_000;

export interface QualityLevel {
  /** hls.js level index. */
  index: number;
  height: number;
  bitrate: number;
}

export type PlaybackPhase = 'loading' | 'ready' | 'waiting' | 'error';

export interface HlsPlayback {
  engine: HlsEngine | null;
  phase: PlaybackPhase;
  error: string | null;
  /** Video levels, tallest first (empty for audio-only streams and native playback). */
  levels: QualityLevel[];
  /** -1 while the player chooses (Auto). */
  selected: number;
  /** The level on screen now. */
  playing: number | null;
  /** Seconds behind live (live streams only), from PROGRAM-DATE-TIME or the player's estimate. */
  latency: number | null;
  select(index: number): void;
}

function videoLevels(hls: HlsType): QualityLevel[] {
  return hls.levels
    .map((level, index) => ({ index, height: level.height, bitrate: level.bitrate }))
    .filter((level) => level.height > 0)
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
}

/** Seconds between the wall clock and the moment now on screen, if the stream says when that was. */
function secondsBehind(playingDate: Date | null | undefined): number | null {
  if (!playingDate || Number.isNaN(playingDate.getTime())) return null;
  return Math.max(0, (Date.now() - playingDate.getTime()) / 1000);
}

function nativeLatency(media: HTMLMediaElement): number | null {
  const start = (media as HTMLMediaElement & { getStartDate?: () => Date }).getStartDate?.();
  if (!start || Number.isNaN(start.getTime())) return null;
  return secondsBehind(new Date(start.getTime() + media.currentTime * 1000));
}

function describeFailure(details: string, code: number | undefined): string {
  if (code === 404) return 'The video files for this item are missing.';
  if (code && code >= 400) return `The video server answered ${code}.`;
  if (details.includes('Codec') || details.includes('codec')) return 'This browser cannot play the video format of this item.';
  return `Playback failed (${details}).`;
}

export function useHlsPlayback(media: HTMLMediaElement | null, src: string | null, live: boolean): HlsPlayback {
  const [engine, setEngine] = useState<HlsEngine | null>(null);
  const [phase, setPhase] = useState<PlaybackPhase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  const [selected, setSelected] = useState(-1);
  const [playing, setPlaying] = useState<number | null>(null);
  const [latency, setLatency] = useState<number | null>(null);
  // Bumped to start over after a live playlist was not there yet.
  const [attempt, setAttempt] = useState(0);
  const hlsRef = useRef<HlsType | null>(null);

  useEffect(() => {
    if (!media || !src) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let sampler: ReturnType<typeof setInterval> | undefined;
    const waitForStream = () => {
      setPhase('waiting');
      retry = setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    };
    const mode = hlsEngineFor(media);
    setEngine(mode);
    setError(null);

    if (mode === 'none') {
      setPhase('error');
      setError('This browser cannot play HLS streams. Try a current Chrome, Firefox, Edge or Safari.');
      return;
    }

    if (mode === 'native') {
      const onReady = () => setPhase('ready');
      const onError = () => {
        if (live) waitForStream();
        else {
          setPhase('error');
          setError('The video could not be loaded.');
        }
      };
      media.addEventListener('loadedmetadata', onReady);
      media.addEventListener('error', onError);
      media.src = src;
      if (live) sampler = setInterval(() => setLatency(nativeLatency(media)), LATENCY_SAMPLE_MS);
      return () => {
        clearTimeout(retry);
        clearInterval(sampler);
        media.removeEventListener('loadedmetadata', onReady);
        media.removeEventListener('error', onError);
        media.removeAttribute('src');
        media.load();
      };
    }

    let recoveredMedia = false;
    void loadHls().then((Hls) => {
      if (cancelled) return;
      const hls = new Hls({ lowLatencyMode: true, backBufferLength: live ? 30 : Infinity });
      hlsRef.current = hls;
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        setLevels(videoLevels(hls));
        setPhase('ready');
      });
      hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        const code = data.response?.code;
        if (live && data.type === Hls.ErrorTypes.NETWORK_ERROR) {
          // The encoder has not delivered yet, or a segment went missing while it reconnects.
          hls.destroy();
          hlsRef.current = null;
          waitForStream();
          return;
        }
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
          recoveredMedia = true;
          hls.recoverMediaError();
          return;
        }
        setPhase('error');
        setError(describeFailure(data.details, code));
      });
      hls.attachMedia(media);
      hls.loadSource(src);
      if (live) {
        sampler = setInterval(() => {
          const fromClock = secondsBehind(hls.playingDate);
          const estimate = Number.isFinite(hls.latency) && hls.latency > 0 ? hls.latency : null;
          setLatency(fromClock ?? estimate);
        }, LATENCY_SAMPLE_MS);
      }
    });
    return () => {
      cancelled = true;
      clearTimeout(retry);
      clearInterval(sampler);
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [media, src, live, attempt]);

  const select = useCallback((index: number) => {
    setSelected(index);
    const hls = hlsRef.current;
    // currentLevel switches at once (flushing the buffer); -1 hands the choice back to the player.
    if (hls) hls.currentLevel = index;
  }, []);

  return { engine, phase, error, levels, selected, playing, latency, select };
}
