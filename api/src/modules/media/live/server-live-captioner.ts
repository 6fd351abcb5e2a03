/**
 * Live captions through an OpenAI-compatible transcription server (TRANSCRIBE_URL). Such servers
 * take whole files, so the take's speech audio is cut into chunks of a few seconds, each sent as a
 * WAV as soon as it is complete. A chunk ends in a pause where there is one (between MIN and MAX
 * length), so words are rarely cut in two; silent chunks are not sent at all.
 *
 * Requests go one at a time, in order. When the server falls behind, the oldest waiting chunks are
 * dropped: live captions that trail the picture by minutes help nobody.
 */
import { requestTranscription, SPEECH_BYTES_PER_MS, speechWavOf, type LanguageCode, type TranscriptionServer } from '@onair/protocol';
import type { CaptionCueOut, LiveCaptions } from './caption-engine.ts';
import { LiveSpeechAudio } from './live-speech-audio.ts';

export const CHUNK = {
  minMs: 3000,
  maxMs: 8000,
  /** A stretch this long and this quiet counts as a pause. */
  pauseMs: 150,
  /** RMS of a pause, in 16-bit sample units (about -40 dBFS). */
  quietRms: 330,
} as const;
/** Chunks allowed to wait for the server before the oldest is dropped. */
const MAX_WAITING = 3;
const REQUEST_TIMEOUT_MS = 30_000;
/** How long stop() waits for the chunks already cut. */
const FINISH_MS = 10_000;

/** Root mean square of 16-bit little-endian samples. */
function rms(pcm: Buffer, from: number, to: number): number {
  let sum = 0;
  let n = 0;
  for (let i = from; i + 1 < to; i += 2) {
    const sample = pcm.readInt16LE(i);
    sum += sample * sample;
    n += 1;
  }
  return n ? Math.sqrt(sum / n) : 0;
}

interface Chunk {
  /** Position of its first sample, in ms from the take's first audio. */
  startMs: number;
  pcm: Buffer;
}

export class ServerLiveCaptioner implements LiveCaptions {
  private audio: LiveSpeechAudio;
  private buffer = Buffer.alloc(0);
  private bufferStartMs = 0;
  /** Bytes of the buffer already searched for a pause. */
  private scanned = 0;
  private waiting: Chunk[] = [];
  private sending: Promise<void> | null = null;
  private failing = false;
  private stopped = false;
  private abort = new AbortController();
  private sent = 0;

  constructor(
    private server: TranscriptionServer,
    private language: LanguageCode,
    ffmpegPath: string,
    inputUrl: string,
    startedAt: number,
    private onCue: (cue: CaptionCueOut) => void,
    private onError: (reason: string) => void,
  ) {
    this.audio = new LiveSpeechAudio(ffmpegPath, inputUrl, startedAt, (pcm) => this.hear(pcm), (reason) => {
      if (!this.stopped) this.onError(reason);
    });
  }

  private hear(pcm: Buffer) {
    this.buffer = Buffer.concat([this.buffer, pcm]);
    const minBytes = CHUNK.minMs * SPEECH_BYTES_PER_MS;
    const maxBytes = CHUNK.maxMs * SPEECH_BYTES_PER_MS;
    const window = CHUNK.pauseMs * SPEECH_BYTES_PER_MS;
    while (this.buffer.length >= minBytes) {
      let cut = -1;
      for (let at = Math.max(this.scanned, minBytes - window); at + window <= Math.min(this.buffer.length, maxBytes); at += window / 2) {
        if (rms(this.buffer, at, at + window) < CHUNK.quietRms) {
          cut = at + window / 2;
          break;
        }
        this.scanned = at;
      }
      if (cut < 0 && this.buffer.length >= maxBytes) cut = maxBytes;
      if (cut < 0) return;
      this.cut(cut - (cut % 2));
    }
  }

  /** Takes the first `bytes` of the buffer as a chunk. */
  private cut(bytes: number) {
    const pcm = this.buffer.subarray(0, bytes);
    const chunk = { startMs: this.bufferStartMs, pcm: Buffer.from(pcm) };
    this.buffer = Buffer.from(this.buffer.subarray(bytes));
    this.bufferStartMs += bytes / SPEECH_BYTES_PER_MS;
    this.scanned = 0;
    if (rms(chunk.pcm, 0, chunk.pcm.length) < CHUNK.quietRms) return;
    this.waiting.push(chunk);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
    this.sending ??= this.sendAll().finally(() => (this.sending = null));
  }

  private async sendAll() {
    for (let chunk = this.waiting.shift(); chunk; chunk = this.waiting.shift()) await this.send(chunk);
  }

  private async send(chunk: Chunk) {
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
    try {
      this.sent += 1;
      const cues = await requestTranscription(this.server, speechWavOf(chunk.pcm), `live-${this.sent}.wav`, this.language, signal);
      this.failing = false;
      const now = Date.now();
      const lengthMs = chunk.pcm.length / SPEECH_BYTES_PER_MS;
      for (const cue of cues) {
        const endMs = chunk.startMs + Math.min(cue.endMs, lengthMs);
        const startMs = Math.min(chunk.startMs + cue.startMs, endMs);
        const delayMs = Math.max(0, now - this.audio.arrivedAt(endMs));
        this.onCue({ startMs: startMs + this.audio.offsetMs, endMs: endMs + this.audio.offsetMs, text: cue.text, delayMs });
      }
    } catch (error) {
      // Said once per outage, not once per chunk; captions resume when the server answers again.
      if (!this.failing && !this.abort.signal.aborted) this.onError(error instanceof Error ? error.message : String(error));
      this.failing = true;
    }
  }

  async stop() {
    this.stopped = true;
    await this.audio.stop();
    if (this.buffer.length >= (CHUNK.minMs / 6) * SPEECH_BYTES_PER_MS) this.cut(this.buffer.length - (this.buffer.length % 2));
    const timer = setTimeout(() => this.abort.abort(), FINISH_MS);
    await this.sending;
    clearTimeout(timer);
  }
}
