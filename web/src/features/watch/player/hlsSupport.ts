/**
 * How this browser plays HLS. hls.js (over Media Source Extensions) wherever MSE exists, because it
 * gives the quality ladder and the live latency; the browser's own HLS where there is no MSE (iPhone
 * Safari before 17.1). Chromium 14x+ also answers `canPlayType` for HLS, but its native player exposes
 * neither levels nor latency, so it is not preferred while MSE is there.
 * hls.js itself is loaded only when a page is about to play HLS with it.
 */
import type HlsType from 'hls.js';

export type HlsEngine = 'hls.js' | 'native' | 'none';

const MSE_PROBE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

function mseAvailable(): boolean {
  const scope = window as unknown as { MediaSource?: typeof MediaSource; ManagedMediaSource?: typeof MediaSource };
  const source = scope.ManagedMediaSource ?? scope.MediaSource;
  return typeof source?.isTypeSupported === 'function' && source.isTypeSupported(MSE_PROBE);
}

export function hlsEngineFor(media: HTMLMediaElement): HlsEngine {
  if (mseAvailable()) return 'hls.js';
  if (media.canPlayType('application/vnd.apple.mpegurl')) return 'native';
  return 'none';
}

let loading: Promise<typeof HlsType> | null = null;

/** The hls.js module, fetched once on first use (a separate chunk). */
export function loadHls(): Promise<typeof HlsType> {
  loading ??= import('hls.js').then((m) => m.default);
  return loading;
}
