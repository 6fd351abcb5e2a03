/**
 * The on-demand HLS ladder: the source height, then 720p and 480p only where the source is larger
 * (never upscaled), plus an audio-only AAC rendition, all from one ffmpeg process so every rendition
 * shares the same decoded frames. Keyframes are aligned across renditions (a fixed 2 s GOP, no scene
 * cut keyframes, keyframes forced every 2 s), segments last 2 s, and ffmpeg writes the master
 * playlist with BANDWIDTH, RESOLUTION and CODECS for each variant.
 */
import type { MediaProbe } from './probe.ts';

export const SEGMENT_SECONDS = 2;
/** Heights offered below the source, when the source is larger. */
export const LADDER_STEPS = [720, 480] as const;
export const AUDIO_KBPS = 128;
/** Frame rate used when the source does not say, and the most any rendition gets. */
const DEFAULT_FPS = 30;
const MAX_FPS = 60;

export interface VideoRendition {
  height: number;
  videoKbps: number;
  /** Directory and variant name inside the output folder, e.g. `540p`. */
  name: string;
}

export interface LadderPlan {
  video: VideoRendition[];
  /** The audio-only rendition's name, or null when the source has no audio. */
  audio: string | null;
  fps: number;
}

function even(n: number): number {
  return Math.max(2, Math.floor(n / 2) * 2);
}

/** A video bitrate that suits the height (H.264, typical web ladders). */
export function videoKbpsFor(height: number): number {
  if (height >= 1440) return 8000;
  if (height >= 1080) return 5000;
  if (height >= 720) return 2800;
  if (height >= 480) return 1400;
  if (height >= 360) return 800;
  return 500;
}

/** The renditions to make for a source, tallest first. */
export function planLadder(probe: Pick<MediaProbe, 'hasVideo' | 'hasAudio' | 'height' | 'fps'>): LadderPlan {
  const fps = Math.min(MAX_FPS, Math.round((probe.fps ?? DEFAULT_FPS) * 100) / 100);
  const video: VideoRendition[] = [];
  if (probe.hasVideo && probe.height) {
    const source = even(probe.height);
    for (const height of [source, ...LADDER_STEPS.filter((h) => h < source)]) {
      video.push({ height, videoKbps: videoKbpsFor(height), name: `${height}p` });
    }
  }
  return { video, audio: probe.hasAudio ? 'audio' : null, fps };
}

/** The rendition the downloadable MP4 is made from: the tallest at most 720p. */
export function downloadRendition(plan: LadderPlan): VideoRendition | null {
  return plan.video.find((r) => r.height <= 720) ?? null;
}

/**
 * ffmpeg arguments that read `input` and write `<outDir>/master.m3u8` plus `<outDir>/<name>/index.m3u8`
 * and its segments for every rendition; `-progress pipe:1` reports how far it got.
 */
export function hlsArgs(input: string, outDir: string, plan: LadderPlan): string[] {
  const args = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-i', input];
  const n = plan.video.length;
  const variants: string[] = [];

  if (n > 0) {
    const split = n > 1 ? `[0:v:0]split=${n}${plan.video.map((_, i) => `[s${i}]`).join('')};` : '';
    const scales = plan.video.map((r, i) => `${n > 1 ? `[s${i}]` : '[0:v:0]'}scale=-2:${r.height},setsar=1[v${i}]`).join(';');
    args.push('-filter_complex', split + scales);
    plan.video.forEach((_, i) => args.push('-map', `[v${i}]`));
    const gop = String(Math.round(plan.fps * SEGMENT_SECONDS));
    args.push(
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-r', String(plan.fps),
      '-g', gop, '-keyint_min', gop, '-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    );
    plan.video.forEach((r, i) => {
      args.push(`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(r.videoKbps * 1.1)}k`, `-bufsize:v:${i}`, `${r.videoKbps * 2}k`);
    });
  }
  if (plan.audio) {
    // One audio copy per video variant (muxed with it) and one for the audio-only variant.
    for (let i = 0; i < n + 1; i++) args.push('-map', '0:a:0');
    args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000');
  }
  plan.video.forEach((r, i) => variants.push(plan.audio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`));
  if (plan.audio) variants.push(`a:${n},name:${plan.audio}`);

  args.push(
    '-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments',
    '-hls_segment_filename', `${outDir}/%v/seg_%05d.ts`, '-master_pl_name', 'master.m3u8', '-var_stream_map', variants.join(' '),
    '-progress', 'pipe:1', '-nostats', `${outDir}/%v/index.m3u8`,
  );
  return args;
}
