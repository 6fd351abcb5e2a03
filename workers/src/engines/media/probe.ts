/**
 * ffprobe: what a file holds (streams, size, frame rate, duration), as JSON. A file ffprobe cannot
 * read, or that holds no playable stream or no duration, is refused with a sentence a creator can
 * act on and ffprobe's own reason.
 */
import { MediaToolError, runTool } from './run.ts';

export interface MediaProbe {
  durationSeconds: number;
  hasVideo: boolean;
  hasAudio: boolean;
  width: number | null;
  height: number | null;
  /** Frames per second of the video stream, when it says. */
  fps: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  audioSampleRate: number | null;
  formatName: string;
}

export const UNREADABLE_MEDIA = 'This file is not a video or audio file ffmpeg can read';

/** A file that is not media: permanent (a retry reads the same bytes). */
export class UnreadableMediaError extends Error {
  readonly permanent = true;
  constructor(readonly reason: string) {
    super(`${UNREADABLE_MEDIA} (${reason})`);
    this.name = 'UnreadableMediaError';
  }
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { duration?: string; format_name?: string };
}

/** `30000/1001` → 29.97; `0/0` → null. */
export function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return null;
  const value = den ? num / den : num;
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Reads ffprobe's JSON into what the pipeline needs; refuses what holds nothing playable. */
export function interpretProbe(output: FfprobeOutput): MediaProbe {
  const streams = output.streams ?? [];
  // Cover art in an MP3 or M4A is a one-frame "video" stream; it does not make the file a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && s.width && s.height);
  const audio = streams.find((s) => s.codec_type === 'audio' && s.codec_name);
  if (!video && !audio) throw new UnreadableMediaError('it holds no video or audio stream');
  const candidates = [output.format?.duration, video?.duration, audio?.duration].map(Number).filter((d) => Number.isFinite(d) && d > 0);
  const durationSeconds = candidates[0];
  if (durationSeconds === undefined) throw new UnreadableMediaError('ffprobe found no duration');
  return {
    durationSeconds,
    hasVideo: Boolean(video),
    hasAudio: Boolean(audio),
    width: video?.width ?? null,
    height: video?.height ?? null,
    fps: parseRate(video?.avg_frame_rate) ?? parseRate(video?.r_frame_rate),
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    audioSampleRate: audio?.sample_rate ? Number(audio.sample_rate) : null,
    formatName: output.format?.format_name ?? 'unknown',
  };
}

export async function probeMedia(ffprobePath: string, file: string, signal?: AbortSignal): Promise<MediaProbe> {
  let stdout: string;
  try {
    ({ stdout } = await runTool(ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { keepStdout: true, signal }));
  } catch (error) {
    // ffprobe says `<path>: Invalid data found…`; the path means nothing to the creator.
    if (error instanceof MediaToolError) throw new UnreadableMediaError(error.reason.startsWith(`${file}: `) ? error.reason.slice(file.length + 2) : error.reason);
    throw error;
  }
  let parsed: FfprobeOutput;
  try {
    parsed = JSON.parse(stdout) as FfprobeOutput;
  } catch {
    throw new UnreadableMediaError('ffprobe gave no readable description');
  }
  return interpretProbe(parsed);
}
