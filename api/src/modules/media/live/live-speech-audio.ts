/**
 * A live take's sound as speech engines want it: ffmpeg decodes the take's RTMP input to 16 kHz mono
 * s16le and hands each chunk on as it comes. It remembers when each stretch of audio arrived, so a
 * captioner can say how long after the words were spoken its cue was ready (the caption delay).
 */
import { SPEECH_BYTES_PER_MS } from '@onair/protocol';
import { FfmpegProcess } from './ffmpeg-process.ts';

/** Arrival marks kept (one per decoded chunk): enough for the minutes a recogniser may lag. */
const ARRIVALS_KEPT = 2000;

export class LiveSpeechAudio {
  private decoder: FfmpegProcess;
  private bytes = 0;
  private arrivals: { bytes: number; at: number }[] = [];
  private stopped = false;
  /** Where the decoded audio starts in the broadcast: the live input is joined as it plays. */
  offsetMs = 0;

  /**
   * @param startedAt when the broadcast began (wall clock): positions are counted from the first audio,
   *   and `offsetMs` places them in the broadcast
   */
  constructor(ffmpegPath: string, inputUrl: string, startedAt: number, onPcm: (chunk: Buffer) => void, onError: (reason: string) => void) {
    this.decoder = new FfmpegProcess(ffmpegPath, ['-loglevel', 'error', '-i', inputUrl, '-vn', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:3'], { outputPipe: true });
    this.decoder.on('exit', ({ reason }) => {
      if (reason && !this.stopped) onError(reason);
    });
    this.decoder.audio!.on('data', (chunk: Buffer) => {
      if (this.bytes === 0) this.offsetMs = Math.max(0, Date.now() - startedAt);
      this.bytes += chunk.length;
      this.arrivals.push({ bytes: this.bytes, at: Date.now() });
      if (this.arrivals.length > ARRIVALS_KEPT) this.arrivals.shift();
      onPcm(chunk);
    });
  }

  /** When the audio at this position (ms from the first audio) reached us, on the wall clock. */
  arrivedAt(positionMs: number): number {
    const target = positionMs * SPEECH_BYTES_PER_MS;
    for (const mark of this.arrivals) if (mark.bytes >= target) return mark.at;
    return this.arrivals[this.arrivals.length - 1]?.at ?? Date.now();
  }

  async stop() {
    this.stopped = true;
    await this.decoder.stop();
  }
}
