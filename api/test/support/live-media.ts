/**
 * Live media for tests: a synthetic encoder (ffmpeg's lavfi test sources pushed over RTMP as OBS would),
 * a local RTMP receiver (ffmpeg listening) standing in for YouTube, and ffprobe.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Encoder {
  child: ChildProcess;
  /** Resolves with the exit code when ffmpeg stops. */
  exited: Promise<number | null>;
  stop(): void;
}

export interface EncoderOptions {
  seconds: number;
  video?: { width: number; height: number; fps?: number } | null;
  /** Keyframe interval in seconds (OBS's "Keyframe Interval"). */
  keyframeSeconds?: number;
  videoKbps?: number;
  /** A WAV/MP3 file to use as the audio instead of a sine tone. */
  audioFile?: string;
  /** Draw the wall clock into the picture (the bench's glass-to-glass reference). */
  burnClock?: boolean;
}

export function startEncoder(url: string, options: EncoderOptions): Encoder {
  const video = options.video === undefined ? { width: 960, height: 540, fps: 25 } : options.video;
  const fps = video?.fps ?? 25;
  const args = ['-hide_banner', '-loglevel', 'error', '-re'];
  const clock = options.burnClock ? ",drawtext=text='%{localtime\\:%T}':fontsize=48:fontcolor=white:box=1:boxcolor=black:x=20:y=20" : '';
  if (video) args.push('-f', 'lavfi', '-i', `testsrc2=size=${video.width}x${video.height}:rate=${fps}${clock}`);
  if (options.audioFile) args.push('-i', options.audioFile);
  else args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100');
  args.push('-t', String(options.seconds));
  if (video) {
    const kbps = options.videoKbps ?? 1000;
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', String(Math.round(fps * (options.keyframeSeconds ?? 1))), '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`);
  }
  args.push('-c:a', 'aac', '-b:a', '96k', '-f', 'flv', url);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stop: () => child.kill('SIGINT') };
}

/** An RTMP server on this machine that records what it receives (a restream destination). */
export function startRtmpReceiver(port: number, outFile: string): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/receiver`, '-c', 'copy', '-f', 'flv', outFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited };
}

export interface ProbeResult {
  durationSeconds: number | null;
  streams: { codec_type: string; codec_name: string; width?: number; height?: number; sample_rate?: string }[];
  formatName: string;
}

export async function probeMedia(target: string): Promise<ProbeResult> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', target], { timeout: 20_000 });
  const parsed = JSON.parse(stdout) as { format: { duration?: string; format_name: string }; streams: ProbeResult['streams'] };
  return {
    durationSeconds: parsed.format.duration ? Number(parsed.format.duration) : null,
    streams: parsed.streams,
    formatName: parsed.format.format_name,
  };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 40_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
