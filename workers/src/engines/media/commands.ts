/**
 * The single-purpose ffmpeg commands besides the ladder: a progressive MP4 by copying streams
 * (faststart, so a browser plays before the download ends), a JPEG thumbnail, and the podcast
 * episode (MP3, 44.1 kHz, loudness-normalised to the usual podcast target).
 */

const COMMON = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error'];

/** Podcast loudness target: -16 LUFS integrated, -1.5 dBTP peak (Apple's and most hosts' advice). */
export const EPISODE_LOUDNORM = 'loudnorm=I=-16:TP=-1.5:LRA=11';
export const EPISODE_SAMPLE_RATE = 44_100;
export const EPISODE_KBPS = 128;

/** Copies the first video and audio streams into an MP4 with the index at the front. */
export function remuxArgs(input: string, output: string, options: { video: boolean; audio: boolean }): string[] {
  const maps = [...(options.video ? ['-map', '0:v:0'] : []), ...(options.audio ? ['-map', '0:a:0'] : [])];
  return [...COMMON, '-i', input, ...maps, '-c', 'copy', '-movflags', '+faststart', '-progress', 'pipe:1', '-nostats', output];
}

/** One frame at `atSeconds`, at most 720 lines tall. */
export function thumbnailArgs(input: string, output: string, atSeconds: number): string[] {
  return [...COMMON, '-ss', atSeconds.toFixed(3), '-i', input, '-map', '0:v:0', '-frames:v', '1', '-vf', "scale=-2:'min(720,ih)'", '-q:v', '3', output];
}

export function episodeArgs(input: string, output: string): string[] {
  return [
    ...COMMON, '-i', input, '-map', '0:a:0', '-vn', '-af', EPISODE_LOUDNORM, '-ar', String(EPISODE_SAMPLE_RATE), '-ac', '2',
    '-c:a', 'libmp3lame', '-b:a', `${EPISODE_KBPS}k`, '-progress', 'pipe:1', '-nostats', output,
  ];
}
