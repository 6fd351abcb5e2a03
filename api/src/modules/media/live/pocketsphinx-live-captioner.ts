/**
 * Live captions of one take with the offline engine: the take's speech audio (live-speech-audio.ts)
 * is fed to a long-lived `pocketsphinx_continuous -time yes`. PocketSphinx reads
 * `/dev/stdin` only when it is a real pipe (Node's child pipes are sockets), so it runs behind
 * `cat` in bash; `stdbuf -oL` makes it print each utterance as it ends instead of when a block fills.
 * An utterance's words become cues, each stamped with the caption delay: the wall-clock time from
 * its last word arriving at the recogniser to the cue being ready.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parsePocketsphinxWords, POCKETSPHINX_MODEL_DIR, wordsToCues } from '@onair/protocol';
import type { CaptionCueOut, LiveCaptions } from './caption-engine.ts';
import { LiveSpeechAudio } from './live-speech-audio.ts';

/** How long the recogniser may take to finish the audio it has after the input ends. */
const RECOGNISER_FINISH_MS = 10_000;

export class PocketsphinxLiveCaptioner implements LiveCaptions {
  private audio: LiveSpeechAudio;
  private recogniser: ChildProcess;
  private output = '';
  private pending = '';
  private stopped = false;

  /**
   * @param startedAt when the broadcast began (wall clock): cue times count from there
   */
  constructor(
    ffmpegPath: string,
    inputUrl: string,
    startedAt: number,
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
    this.audio = new LiveSpeechAudio(ffmpegPath, inputUrl, startedAt, (chunk) => this.recogniser.stdin!.write(chunk), (reason) => {
      if (!this.stopped) this.onError(reason);
    });
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
      const delayMs = Math.max(0, now - this.audio.arrivedAt(cue.endMs));
      this.onCue({ startMs: cue.startMs + this.audio.offsetMs, endMs: cue.endMs + this.audio.offsetMs, text: cue.text, delayMs });
    }
  }

  async stop() {
    this.stopped = true;
    await this.audio.stop();
    this.recogniser.stdin!.end();
    // The recogniser finishes the last utterance once its input ends (its cues still go out); it is
    // stopped if it lingers.
    const timer = setTimeout(() => this.recogniser.kill('SIGKILL'), RECOGNISER_FINISH_MS);
    if (this.recogniser.exitCode === null) await new Promise((resolve) => this.recogniser.once('exit', resolve));
    clearTimeout(timer);
  }
}
