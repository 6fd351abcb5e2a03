/**
 * Media for tests: few-second synthetic files made with ffmpeg's lavfi sources (small, so two cores
 * make them quickly), and ffprobe's view of a file for assertions.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  sample_rate?: string;
}

export interface Probed {
  streams: ProbedStream[];
  format: { duration?: string; format_name: string };
}

export function ffprobe(file: string): Probed {
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], { encoding: 'utf8' });
  return JSON.parse(out) as Probed;
}

export function durationOf(file: string): number {
  return Number(ffprobe(file).format.duration);
}

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
}

/** Bytes from a fixed linear congruential sequence: noise that is the same on every run. */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

export interface MediaFixtures {
  dir: string;
  /** 3 s, 960x540 H.264 + AAC in MP4: the ladder is 540p and 480p (never 720p). */
  video: string;
  /** 4 s, 48 kHz mono WAV tone. */
  audio: string;
  /** 200 kB of noise (fixed, so every run refuses the same bytes) named like a video. */
  garbage: string;
  /** Writes a 3 s 640x360 MPEG-TS (H.264 + AAC), as the live packager records. */
  recording(file: string): void;
}

export function makeMediaFixtures(): MediaFixtures {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-media-fixtures-'));
  const video = path.join(dir, 'clip.mp4');
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=960x540:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video,
  ]);
  const audio = path.join(dir, 'tone.wav');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=48000:duration=4', audio]);
  const garbage = path.join(dir, 'not-a-video.mp4');
  writeFileSync(garbage, noise(200_000));
  return {
    dir,
    video,
    audio,
    garbage,
    recording(file) {
      ffmpeg([
        '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000:duration=3',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-c:a', 'aac', '-shortest', '-f', 'mpegts', file,
      ]);
    },
  };
}
