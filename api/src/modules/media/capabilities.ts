/**
 * What this machine can do with media, for the Studio and the upload dialog: whether ffmpeg runs and
 * which version (from `ffmpeg -version`), and what to install otherwise. Checked at most once a
 * minute, so installing ffmpeg is noticed without a restart.
 */
import { spawn } from 'node:child_process';
import { FFMPEG_INSTALL, type MediaCapabilities } from '@onair/protocol';
import type { AppConfig } from '../../config.ts';

export interface FfmpegInfo {
  present: boolean;
  version: string | null;
}

interface Detection extends FfmpegInfo {
  /** A definite answer (it ran, or it does not exist); a timeout on a busy machine is asked again. */
  definite: boolean;
}

const CACHE_MS = 60_000;
let cached: { bin: string; at: number; info: Promise<Detection> } | null = null;

/** `ffmpeg version 5.1.9-0+deb12u1 Copyright …` → `5.1.9-0+deb12u1`. */
export function parseFfmpegVersion(output: string): string | null {
  return /^ffmpeg version (\S+)/m.exec(output)?.[1] ?? null;
}

function runVersion(bin: string): Promise<Detection> {
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    const child = spawn(bin, ['-hide_banner', '-version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 20_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (output += chunk));
    child.once('error', () => {
      clearTimeout(timer);
      resolve({ present: false, version: null, definite: true });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve({ present: true, version: parseFfmpegVersion(output), definite: true });
      else resolve({ present: false, version: null, definite: !timedOut });
    });
  });
}

export async function detectFfmpeg(bin: string): Promise<FfmpegInfo> {
  if (!cached || cached.bin !== bin || Date.now() - cached.at > CACHE_MS) cached = { bin, at: Date.now(), info: runVersion(bin) };
  const mine = cached;
  const { present, version, definite } = await mine.info;
  if (!definite && cached === mine) cached = null;
  return { present, version };
}

/** `ingestUrl`: where encoders push, or null when no process of this deployment takes live inputs. */
export async function mediaCapabilities(config: AppConfig, ingestUrl: string | null): Promise<MediaCapabilities> {
  const ffmpeg = await detectFfmpeg(config.ffmpegPath);
  return {
    ffmpeg: ffmpeg.present,
    ffmpegVersion: ffmpeg.version,
    ingestUrl: ffmpeg.present ? ingestUrl : null,
    uploadMaxBytes: config.uploadMaxBytes,
    install: ffmpeg.present ? null : FFMPEG_INSTALL,
  };
}
