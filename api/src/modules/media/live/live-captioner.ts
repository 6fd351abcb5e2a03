/**
 * Live captions of one take (issue 15, point 5): ffmpeg decodes the take's RTMP input to 16 kHz mono
 * s16le, which is fed to a long-lived `pocketsphinx_continuous -time yes`. PocketSphinx reads
 * `/dev/stdin` only when it is a real pipe (Node's child pipes are sockets), so it runs behind
 * `cat` in bash; `stdbuf -oL` makes it print each utterance as it ends instead of when a block fills.
 * An utterance's words become cues, each stamped with the caption delay: the wall-clock time from
 * its last word arriving at the recogniser to the cue being ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parsePocketsphinxWords, POCKETSPHINX_MODEL_DIR, wordsToCues } from '@onair/protocol';
import { FfmpegProcess } from './ffmpeg-process.ts';

export interface CaptionCueOut {
  startMs: number;
  endMs: number;
  text: string;
  delayMs: number;
}

/** 16 kHz, 16-bit, mono: bytes of audio per millisecond. */
const BYTES_PER_MS = 32;
/** Arrival times are kept as (bytes so far, wall clock) marks; this many seconds of them are enough. */
const ARRIVALS_KEPT = 2000;
/** How long the recogniser may take to finish the audio it has after the input ends. */
const RECOGNISER_FINISH_MS = 10_000;

export class LiveCaptioner {
  private decoder: FfmpegProcess;
  private recogniser: ChildProcess;
  private bytes = 0;
  private arrivals: { bytes: number; at: number }[] = [];
  private output = '';
  private pending = '';
  private stopped = false;

  /** Where the decoded audio starts in the broadcast: the live input is joined as it plays, so this is when its first audio arrived. */
  private offsetMs = 0;

  /**
   * @param startedAt when the broadcast began (wall clock): cue times count from there
   */
  constructor(
    ffmpegPath: string,
    inputUrl: string,
    private startedAt: number,
    private onCue: (cue: CaptionCueOut) => void,
    private onError: (reason: string) => void,
    pocketsphinxBin = 'pocketsphinx_continuous',
    modelDir = POCKETSPHINX_MODEL_DIR,
  ) {
    const recogniserArgs = [
      '-infile', '/dev/stdin', '-time', 'yes', '-logfn', '/dev/null',
      '-hmm', path.join(modelDir, 'en-us'),
      '-lm', path.join(modelDir, 'en-us.lm.bin'),
      '-dict', path.join(modelDir, 'cmudict-en-us.dict'),
    ];
    // The binary and its arguments go in as positional parameters: nothing is interpolated into the script.
    this.recogniser = spawn('bash', ['-c', 'cat | exec stdbuf -oL "$@"', 'captions', pocketsphinxBin, ...recogniserArgs], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.recogniser.stdin!.on('error', () => undefined);
    this.recogniser.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    this.recogniser.once('exit', (code) => {
      if (!this.stopped) this.onError(`the speech recogniser stopped (exit ${code})`);
    });
    this.recogniser.once('error', (error) => this.onError(error.message));
    this.decoder = new FfmpegProcess(ffmpegPath, ['-loglevel', 'error', '-i', inputUrl, '-vn', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:3'], { outputPipe: true });
    this.decoder.on('exit', ({ reason }) => {
      if (reason && !this.stopped) this.onError(reason);
    });
    this.decoder.audio!.on('data', (chunk: Buffer) => {
      if (this.bytes === 0) this.offsetMs = Math.max(0, Date.now() - this.startedAt);
      this.bytes += chunk.length;
      this.arrivals.push({ bytes: this.bytes, at: Date.now() });
      if (this.arrivals.length > ARRIVALS_KEPT) this.arrivals.shift();
      this.recogniser.stdin!.write(chunk);
    });
  }

  /** When the audio at this position (ms into the take) reached us, on the wall clock. */
  private arrivedAt(positionMs: number): number {
    const target = positionMs * BYTES_PER_MS;
    for (const mark of this.arrivals) if (mark.bytes >= target) return mark.at;
    return this.arrivals[this.arrivals.length - 1]?.at ?? Date.now();
  }

  /** Word lines gather until the utterance's `</s>`; then its words become cues. */
  private read(chunk: string) {
    this.output += chunk;
    let newline: number;
    while ((newline = this.output.indexOf('\n')) >= 0) {
      const line = this.output.slice(0, newline);
      this.output = this.output.slice(newline + 1);
      this.pending += `${line}\n`;
      if (line.startsWith('</s> ')) this.flushUtterance();
    }
  }

  private flushUtterance() {
    const words = parsePocketsphinxWords(this.pending);
    this.pending = '';
    const now = Date.now();
    for (const cue of wordsToCues(words)) {
      const delayMs = Math.max(0, now - this.arrivedAt(cue.endMs));
      this.onCue({ startMs: cue.startMs + this.offsetMs, endMs: cue.endMs + this.offsetMs, text: cue.text, delayMs });
    }
  }

  async stop() {
    this.stopped = true;
    await this.decoder.stop();
    this.recogniser.stdin!.end();
    // The recogniser finishes the last utterance once its input ends (its cues still go out); it is
    // stopped if it lingers.
    const timer = setTimeout(() => this.recogniser.kill('SIGKILL'), RECOGNISER_FINISH_MS);
    if (this.recogniser.exitCode === null) await new Promise((resolve) => this.recogniser.once('exit', resolve));
    clearTimeout(timer);
  }
}
