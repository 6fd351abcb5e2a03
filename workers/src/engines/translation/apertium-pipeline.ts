/**
 * A warm Apertium pipeline for one mode: the mode's programs stay running and translate request after
 * request, so a short text costs milliseconds instead of the second it takes `apertium <mode>` to start
 * a dozen programs and load their transducers.
 *
 * How: `apertium-wblank-mode -z` prints the mode's pipeline with every program in null-flush mode (a
 * `\0` after a text makes each program finish it and pass the `\0` on). Two quirks of the Debian
 * builds are handled here rather than by the `apertium` script, which cannot stream:
 * - lttoolbox 3.7's bilingual `lt-proc -b` does not flush its output at `\0`, so the pipeline runs
 *   under `stdbuf -o0` (inherited by every program of the pipeline through the environment);
 * - the text deformatter (`apertium-destxt`) buffers until end of input, so plain text is escaped
 *   here: the stream format's reserved characters get a backslash, `~` (a format mark to the
 *   generator) travels as a superblank, and a trailing blank lets the analyser finish the last word.
 * Outputs come back in the order texts went in, one `\0`-terminated answer per text.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const RESERVED = /[\\[\]^$@/<>{}]/g;
/** `\x` is a literal x; a bare `[` or `]` opens or closes a superblank (format, kept as its content). */
const STREAM_TOKEN = /\\(.)|[[\]]/gs;
/** Warm pipelines nobody used for this long are closed (they hold ~100 MB for the big pairs). */
export const PIPELINE_IDLE_MS = 5 * 60_000;

/** Plain text as a null-flush Apertium stream. */
export function toStream(text: string): string {
  return `${text.replace(RESERVED, (c) => `\\${c}`).replace(/~/g, '[~]')} \0`;
}

/** An Apertium stream back to plain text (the trailing blank we added is trimmed with the rest). */
export function fromStream(stream: string): string {
  return stream.replace(STREAM_TOKEN, (_, escaped: string | undefined) => escaped ?? '').replace(/\s+$/, '');
}

interface Pending {
  resolve(output: string): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

export class ApertiumPipeline {
  /** The pipeline, starting or running; null until first use and after a failure. */
  private running: Promise<ChildProcessWithoutNullStreams> | null = null;
  /** The running pipeline, once started. */
  private process: ChildProcessWithoutNullStreams | null = null;
  private readonly pending: Pending[] = [];
  private buffer = '';
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    readonly mode: string,
    private readonly modesDir = '/usr/share/apertium/modes',
  ) {}

  /** Translates one text; rejects if the pipeline dies or does not answer in time (it is then restarted on next use). */
  async translate(text: string, timeoutMs: number): Promise<string> {
    // Requests that arrive while it starts share the one pipeline (answers come back in order).
    this.running ??= this.start().catch((error: unknown) => {
      this.running = null;
      throw error;
    });
    const child = await this.running;
    this.touch();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`Apertium mode ${this.mode} did not answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
      this.pending.push({ resolve, reject, timer });
      child.stdin.write(toStream(text));
    });
  }

  close(): void {
    this.fail(new Error(`Apertium mode ${this.mode} was closed`));
  }

  private async start(): Promise<ChildProcessWithoutNullStreams> {
    const script = await this.pipelineScript();
    // $1: the generator's option (-n: unknown words unmarked, as `apertium -u`); $2: the tagger's (none).
    // detached: its own process group, so closing kills every program of the pipeline, not only bash.
    const child = spawn('stdbuf', ['-o0', 'bash', '-c', script, 'apertium', '-n', ''], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    // A warm pipeline must not keep a finished process (or a test worker) alive.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr] as unknown as { unref?(): void }[]) stream.unref?.();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => this.fail(error));
    child.on('exit', () => {
      if (this.process === child) this.fail(new Error(`Apertium mode ${this.mode} stopped`));
    });
    this.process = child;
    return child;
  }

  private async pipelineScript(): Promise<string> {
    const modeFile = path.join(this.modesDir, `${this.mode}.mode`);
    await readFile(modeFile); // a clear ENOENT before starting anything
    return new Promise((resolve, reject) => {
      const child = spawn('apertium-wblank-mode', ['-z', modeFile], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 && out.trim() ? resolve(out.trim()) : reject(new Error(`apertium-wblank-mode ${this.mode} failed (exit ${code})`))));
    });
  }

  private read(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\0')) >= 0) {
      const answer = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      const request = this.pending.shift();
      if (!request) continue;
      clearTimeout(request.timer);
      request.resolve(fromStream(answer));
    }
  }

  /** Closes the pipeline and rejects what is waiting; the next request starts a fresh one. */
  private fail(error: Error) {
    const child = this.process;
    this.process = null;
    this.running = null;
    this.buffer = '';
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const request of this.pending.splice(0)) {
      clearTimeout(request.timer);
      request.reject(error);
    }
  }

  private touch() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), PIPELINE_IDLE_MS);
    this.idleTimer.unref();
  }
}
