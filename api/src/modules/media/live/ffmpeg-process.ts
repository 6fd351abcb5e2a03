/**
 * A long-running ffmpeg child: spawned without a shell, its progress (`-progress pipe:1`) parsed into
 * events, the tail of its stderr kept so a failure can be explained in ffmpeg's own words, and a gentle
 * stop ('q' on stdin, so files are finalised) that escalates to SIGKILL.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Readable } from 'node:stream';
import { EventEmitter } from 'node:events';

export interface FfmpegProgress {
  /** Microseconds of output written so far. */
  outTimeUs: number;
  totalSize: number;
  fps: number | null;
  speed: number | null;
}

export interface FfmpegRunEvents {
  progress: [FfmpegProgress];
  exit: [{ code: number | null; signal: NodeJS.Signals | null; reason: string | null }];
}

const STDERR_TAIL_LINES = 12;

export class FfmpegProcess extends EventEmitter<FfmpegRunEvents> {
  private child: ChildProcessWithoutNullStreams;
  private stderrTail: string[] = [];
  private stopping = false;
  readonly exited: Promise<void>;
  exitCode: number | null = null;
  /** The latest progress report (speed 1.0 = keeping up with real time). */
  lastProgress: FfmpegProgress | null = null;

  /** With `outputPipe`, what ffmpeg writes to `pipe:3` (stdout carries the progress). */
  readonly audio: Readable | null = null;

  constructor(binary: string, args: string[], options: { outputPipe?: boolean } = {}) {
    super();
    const stdio = options.outputPipe ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'];
    this.child = spawn(binary, ['-hide_banner', '-nostats', '-progress', 'pipe:1', ...args], { stdio: stdio as ['pipe', 'pipe', 'pipe'] });
    if (options.outputPipe) this.audio = (this.child.stdio as unknown as Readable[])[3] ?? null;
    let progressBuffer = '';
    let current: Partial<FfmpegProgress> = {};
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      progressBuffer += chunk;
      let newline: number;
      while ((newline = progressBuffer.indexOf('\n')) >= 0) {
        const line = progressBuffer.slice(0, newline).trim();
        progressBuffer = progressBuffer.slice(newline + 1);
        const eq = line.indexOf('=');
        if (eq < 0) continue;
        const key = line.slice(0, eq);
        const value = line.slice(eq + 1);
        if (key === 'out_time_us' || key === 'out_time_ms') current.outTimeUs = Number(value) || 0;
        else if (key === 'total_size') current.totalSize = Number(value) || 0;
        else if (key === 'fps') current.fps = Number(value) || null;
        else if (key === 'speed') current.speed = Number.parseFloat(value) || null;
        else if (key === 'progress') {
          this.lastProgress = { outTimeUs: current.outTimeUs ?? 0, totalSize: current.totalSize ?? 0, fps: current.fps ?? null, speed: current.speed ?? null };
          this.emit('progress', this.lastProgress);
          current = {};
        }
      }
    });
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        const text = line.trim();
        if (!text) continue;
        this.stderrTail.push(text);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
      }
    });
    this.child.stdin.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        this.exitCode = code;
        const reason = code === 0 || this.stopping ? null : this.reason();
        this.emit('exit', { code, signal, reason });
        resolve();
      };
      this.child.once('exit', finish);
      this.child.once('error', (error) => {
        this.stderrTail.push(error.message);
        finish(null, null);
      });
    });
  }

  get pid() {
    return this.child.pid;
  }

  reason(): string {
    return ffmpegFailure(this.stderrTail);
  }

  /** Asks ffmpeg to finish (flushing playlists and recordings), then kills it if it does not. */
  async stop(graceMs = 3000): Promise<void> {
    if (this.exitCode !== null || this.child.exitCode !== null) return;
    this.stopping = true;
    try {
      this.child.stdin.write('q');
      this.child.stdin.end();
    } catch {
      // stdin already closed: the signal below does it.
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    const term = setTimeout(() => this.child.kill('SIGTERM'), graceMs / 2);
    await this.exited;
    clearTimeout(timer);
    clearTimeout(term);
  }
}

/**
 * ffmpeg's last error lines as a person reads them in the Studio: without the URLs (a stream key may be
 * in one) and without ffmpeg's "[rtmp @ 0x55944dcafcc0]" context tags, each line a sentence.
 */
export function ffmpegFailure(stderrTail: readonly string[]): string {
  const lines = stderrTail
    .filter((line) => !line.startsWith('Press [q]'))
    .slice(-2)
    .map((line) => line.replace(/\[[\w-]+ @ 0x[0-9a-f]+\]\s*/gi, '').replace(/rtmps?:\/\/\S+/gi, '<url>').trim())
    .filter(Boolean);
  return lines.join('. ') || 'ffmpeg stopped';
}
