/**
 * Copies the live input to one destination (YouTube, Facebook, a custom RTMP/RTMPS server) without
 * re-encoding: one ffmpeg per destination, so one failing never touches the others or the local stream.
 * A failed destination is retried with growing delays while the broadcast lasts; every change of state
 * is reported.
 */
import type { RestreamState } from '@onair/protocol';
import type { RestreamEndpoint } from '../destinations.ts';
import { FfmpegProcess } from './ffmpeg-process.ts';

/** A destination with its server URL joined to the key (see destinations.ts). */
export type RestreamDestination = RestreamEndpoint;

const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

export class Restreamer {
  private process: FfmpegProcess | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private attempts = 0;
  state: RestreamState;

  constructor(
    private destination: RestreamDestination,
    private inputUrl: string,
    private streamId: number,
    private ffmpegPath: string,
    private report: (state: RestreamState) => void,
  ) {
    this.state = this.next('connecting', null);
  }

  private next(state: RestreamState['state'], reason: string | null): RestreamState {
    return {
      streamId: this.streamId,
      targetId: this.destination.id,
      name: this.destination.name,
      platform: this.destination.platform,
      state,
      reason,
      attempts: this.attempts,
      since: new Date().toISOString(),
    };
  }

  private set(state: RestreamState['state'], reason: string | null = null) {
    if (this.state.state === state && this.state.reason === reason && state !== 'connecting') return;
    this.state = this.next(state, reason);
    this.report(this.state);
  }

  start() {
    if (this.stopped) return;
    this.attempts += 1;
    this.set('connecting');
    const ffmpeg = new FfmpegProcess(this.ffmpegPath, [
      '-loglevel', 'error',
      '-rw_timeout', '10000000',
      '-i', this.inputUrl,
      '-map', '0', '-c', 'copy',
      '-f', 'flv', this.destination.url,
    ]);
    this.process = ffmpeg;
    ffmpeg.on('progress', (p) => {
      if (p.totalSize > 0 && this.state.state !== 'live') this.set('live');
    });
    ffmpeg.on('exit', ({ reason }) => {
      if (this.process === ffmpeg) this.process = null;
      if (this.stopped) return;
      this.set('failed', reason ?? 'the destination closed the connection');
      const delay = RETRY_DELAYS_MS[Math.min(this.attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.stopped) return;
        this.set('retrying', this.state.reason);
        this.start();
      }, delay);
    });
  }

  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.process?.stop();
    this.set('stopped');
  }
}
