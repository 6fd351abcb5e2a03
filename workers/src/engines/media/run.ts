/**
 * Runs ffmpeg and ffprobe as child processes (spawn with an argument list, never a shell, so a file
 * name can never become a command), keeping the end of stderr for error messages and reading
 * ffmpeg's `-progress pipe:1` output for progress.
 */
import { spawn } from 'node:child_process';
import { FFMPEG_INSTALL } from '@onair/protocol';

/** The binary is missing (ENOENT): nothing a retry can fix. */
export class MediaToolMissingError extends Error {
  readonly permanent = true;
  constructor(bin: string) {
    super(`${bin} is not installed on this machine. ${FFMPEG_INSTALL}`);
    this.name = 'MediaToolMissingError';
  }
}

/** ffmpeg or ffprobe exited with an error; `reason` is the last meaningful line of its stderr. */
export class MediaToolError extends Error {
  constructor(
    readonly tool: string,
    readonly reason: string,
    readonly exitCode: number | null,
  ) {
    super(`${tool} failed: ${reason}`);
    this.name = 'MediaToolError';
  }
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Called with each complete line of stdout (ffmpeg's progress lines). */
  onStdoutLine?: (line: string) => void;
  /** Keep stdout in the result (ffprobe's JSON); progress runs leave it out. */
  keepStdout?: boolean;
  signal?: AbortSignal;
}

/** Keeps stderr bounded: a long transcode prints a lot, errors are at the end. */
const STDERR_KEEP = 64 * 1024;

/** The last line of stderr that says something, without ffmpeg's `[tag @ 0x…]` prefix. */
export function reasonFrom(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim())
    .filter((l) => l && !/^(Conversion failed!|Exiting normally)/.test(l));
  return lines[lines.length - 1] ?? 'no output';
}

export function runTool(bin: string, args: string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.keepStdout) stdout += chunk;
      if (!options.onStdoutLine) return;
      partial += chunk;
      const lines = partial.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine(line.trim());
    });
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.length > STDERR_KEEP * 2) stderr = stderr.slice(-STDERR_KEEP);
    });
    // An abort kills the process, but says so before it has exited: the caller hears of it only once
    // the process is gone, so whatever it removes next is no longer being written.
    let aborted: Error | null = null;
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (error.name === 'AbortError') aborted = error;
      else reject(error.code === 'ENOENT' ? new MediaToolMissingError(bin) : error);
    });
    child.once('close', (code) => {
      if (aborted) reject(aborted);
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new MediaToolError(bin, reasonFrom(stderr), code));
    });
  });
}

/** Seconds of output ffmpeg has written, from one `-progress` line (`out_time_us=…`), or null. */
export function progressSeconds(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
  // ffmpeg prints microseconds under both names (out_time_ms is a historical misnomer).
  return match ? Number(match[1]) / 1e6 : null;
}
