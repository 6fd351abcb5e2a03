/**
 * ffprobe through `execFile` (no shell): what a directory would read from an episode's audio or a
 * cover image. Never throws for a bad file; answers why it could not be read instead.
 */
import { execFile } from 'node:child_process';

export interface ProbeResult {
  /** `mp3`, `aac`, `mjpeg`, `png`, … */
  codec: string | null;
  codecType: 'audio' | 'video' | null;
  sampleRate: number | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  formatName: string | null;
}

export type ProbeOutcome = { ok: true; probe: ProbeResult } | { ok: false; error: string };

interface FfprobeJson {
  streams?: Array<{ codec_name?: string; codec_type?: string; sample_rate?: string; width?: number; height?: number }>;
  format?: { format_name?: string; duration?: string };
}

export function probeFile(ffprobePath: string, file: string, timeoutMs = 15_000): Promise<ProbeOutcome> {
  const args = ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file];
  return new Promise((resolve) => {
    execFile(ffprobePath, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        resolve({ ok: false, error: missing ? `ffprobe is not installed (${ffprobePath})` : firstLine(stderr) || error.message });
        return;
      }
      try {
        const json = JSON.parse(stdout) as FfprobeJson;
        const stream = json.streams?.find((s) => s.codec_type === 'audio') ?? json.streams?.[0];
        const duration = Number(json.format?.duration);
        resolve({
          ok: true,
          probe: {
            codec: stream?.codec_name ?? null,
            codecType: stream?.codec_type === 'audio' || stream?.codec_type === 'video' ? stream.codec_type : null,
            sampleRate: stream?.sample_rate ? Number(stream.sample_rate) : null,
            width: stream?.width ?? null,
            height: stream?.height ?? null,
            durationMs: Number.isFinite(duration) ? Math.round(duration * 1000) : null,
            formatName: json.format?.format_name ?? null,
          },
        });
      } catch {
        resolve({ ok: false, error: 'ffprobe gave no readable answer' });
      }
    });
  });
}

function firstLine(text: string): string {
  return text.split('\n').find((l) => l.trim())?.trim() ?? '';
}
