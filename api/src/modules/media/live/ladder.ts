/**
 * The ffmpeg arguments that package one live input as HLS. Pure, so the ladder rules are tested
 * without running ffmpeg:
 *  - video: the source and 720p/480p only where the source is larger (never upscale), plus an audio-only
 *    rendition; a keyframe every second in every rendition (forced at the same timestamps, so segment
 *    boundaries line up across renditions and players switch cleanly); 1 s segments;
 *  - copy mode: the source as it comes (no re-encode, the cheapest) plus the audio-only rendition;
 *  - audio: AAC HLS and a progressive MP3 written as short chunks the listen URL streams from.
 * (Recordings are written by the ingest itself, from the first packet: see flv-recorder.ts.)
 */
export type LadderMode = 'full' | 'copy';

export interface LadderInput {
  inputUrl: string;
  /** Absolute folder of this stream's live files (served). */
  outDir: string;
  hasVideo: boolean;
  hasAudio: boolean;
  /** Height the encoder announced; 0 when unknown (then only the source rendition is made). */
  sourceHeight: number;
  /** The Studio's bitrate, kbps: the source rendition's target. */
  bitrateKbps: number;
  mode: LadderMode;
  /** Radio: audio-only output even if the input carries pictures. */
  audioOnly: boolean;
  /** Where ffmpeg writes the master playlist (in outDir); `master.m3u8` unless our code adds to it first. */
  masterName?: string;
}

export interface Rendition {
  name: string;
  height: number | null;
  videoKbps: number | null;
}

export const SEGMENT_SECONDS = 1;
/** Segments kept in a live playlist; older ones are deleted from disk. */
export const LIVE_PLAYLIST_SIZE = 8;
export const AUDIO_KBPS = 128;
const LADDER_STEPS = [
  { height: 720, kbps: 2800 },
  { height: 480, kbps: 1200 },
] as const;

export function videoRenditions(input: Pick<LadderInput, 'sourceHeight' | 'bitrateKbps' | 'mode'>): Rendition[] {
  const source: Rendition = { name: 'source', height: input.sourceHeight || null, videoKbps: input.bitrateKbps };
  if (input.mode === 'copy' || !input.sourceHeight) return [source];
  const lower = LADDER_STEPS.filter((s) => s.height < input.sourceHeight).map((s) => ({
    name: `${s.height}p`,
    height: s.height,
    videoKbps: Math.min(s.kbps, input.bitrateKbps),
  }));
  return [source, ...lower];
}

function hlsOutput(input: LadderInput, streamMap: string): string[] {
  const outDir = input.outDir;
  return [
    '-f', 'hls',
    '-hls_time', String(SEGMENT_SECONDS),
    '-hls_list_size', String(LIVE_PLAYLIST_SIZE),
    '-hls_delete_threshold', '4',
    // append_list + discont_start: an encoder that reconnects continues the same playlists.
    '-hls_flags', 'delete_segments+independent_segments+program_date_time+append_list+discont_start+temp_file',
    '-master_pl_name', input.masterName ?? 'master.m3u8',
    '-var_stream_map', streamMap,
    '-hls_segment_filename', `${outDir}/%v/seg%06d.ts`,
    `${outDir}/%v/index.m3u8`,
  ];
}

function audioOnlyArgs(input: LadderInput): string[] {
  return [
    '-map', '0:a:0', '-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ar', '44100', '-ac', '2',
    ...hlsOutput(input, 'a:0,name:audio'),
    // The progressive listen stream for internet-radio players and smart speakers.
    '-map', '0:a:0', '-c:a', 'libmp3lame', '-b:a', `${AUDIO_KBPS}k`, '-ar', '44100', '-ac', '2',
    '-f', 'segment', '-segment_time', '2', '-segment_format', 'mp3',
    '-segment_list', `${input.outDir}/listen/list.m3u8`, '-segment_list_type', 'm3u8', '-segment_list_size', '6',
    '-segment_list_flags', '+live', '-segment_wrap', '60',
    `${input.outDir}/listen/%05d.mp3`,
  ];
}

function videoArgs(input: LadderInput): string[] {
  const renditions = videoRenditions(input);
  const args: string[] = [];
  const copy = input.mode === 'copy';
  if (!copy && renditions.length > 1) {
    const labels = renditions.map((_, i) => `[s${i}]`).join('');
    const scales = renditions.slice(1).map((r, i) => `[s${i + 1}]scale=-2:${r.height}[v${i + 1}]`);
    args.push('-filter_complex', [`[0:v:0]split=${renditions.length}${labels.replace('[s0]', '[v0]')}`, ...scales].join(';'));
    renditions.forEach((_, i) => args.push('-map', `[v${i}]`));
  } else {
    args.push('-map', '0:v:0');
  }
  if (copy) {
    args.push('-c:v', 'copy');
  } else {
    args.push(
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
      '-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0',
    );
    renditions.forEach((r, i) => {
      const kbps = r.videoKbps ?? input.bitrateKbps;
      args.push(`-b:v:${i}`, `${kbps}k`, `-maxrate:v:${i}`, `${Math.round(kbps * 1.2)}k`, `-bufsize:v:${i}`, `${kbps * 2}k`);
    });
  }
  const streams = renditions.map((r, i) => (input.hasAudio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`));
  if (input.hasAudio) {
    // One audio map per video rendition plus one for the audio-only rendition.
    for (let i = 0; i <= renditions.length; i++) args.push('-map', '0:a:0');
    args.push('-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ar', '48000', '-ac', '2');
    streams.push(`a:${renditions.length},name:audio`);
  }
  args.push(...hlsOutput(input, streams.join(' ')));
  return args;
}

/** Every argument after the global ones: input and outputs. */
export function packagerArgs(input: LadderInput): string[] {
  const audioOnly = input.audioOnly || !input.hasVideo;
  return [
    '-loglevel', 'error',
    '-rw_timeout', '10000000',
    '-i', input.inputUrl,
    ...(audioOnly ? audioOnlyArgs(input) : videoArgs(input)),
  ];
}
