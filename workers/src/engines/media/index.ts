/**
 * The media engine of a worker: where media files live (MEDIA_DIR) and the ffmpeg/ffprobe binaries,
 * with one method per step of the pipeline. Each step that takes time reports the share of the
 * input it has processed (0..1), from ffmpeg's `out_time` against the probed duration.
 */
import { episodeArgs, remuxArgs, thumbnailArgs } from './commands.ts';
import { hlsArgs, type LadderPlan } from './ladder.ts';
import { probeMedia, type MediaProbe } from './probe.ts';
import { progressSeconds, runTool } from './run.ts';

export { downloadRendition, planLadder, type LadderPlan, type VideoRendition } from './ladder.ts';
export { UNREADABLE_MEDIA, UnreadableMediaError, type MediaProbe } from './probe.ts';
export { MediaToolError, MediaToolMissingError } from './run.ts';
export { EPISODE_SAMPLE_RATE } from './commands.ts';

export interface MediaToolsOptions {
  /** Absolute path of MEDIA_DIR. */
  mediaDir: string;
  ffmpegPath: string;
  ffprobePath: string;
  /** Ends every ffmpeg and ffprobe these tools start (a job whose item was deleted). */
  signal?: AbortSignal | undefined;
}

export type ShareListener = (share: number) => void;

export class MediaTools {
  readonly mediaDir: string;
  readonly ffmpegPath: string;
  readonly ffprobePath: string;
  private readonly signal: AbortSignal | undefined;

  constructor(options: MediaToolsOptions) {
    this.mediaDir = options.mediaDir;
    this.ffmpegPath = options.ffmpegPath;
    this.ffprobePath = options.ffprobePath;
    this.signal = options.signal;
  }

  /** The same tools, whose processes are killed when `signal` aborts. */
  withSignal(signal: AbortSignal): MediaTools {
    return new MediaTools({ mediaDir: this.mediaDir, ffmpegPath: this.ffmpegPath, ffprobePath: this.ffprobePath, signal });
  }

  probe(file: string): Promise<MediaProbe> {
    return probeMedia(this.ffprobePath, file, this.signal);
  }

  /** Writes `master.m3u8` and one folder per rendition into `outDir`. */
  async transcodeHls(input: string, outDir: string, plan: LadderPlan, durationSeconds: number, onShare: ShareListener): Promise<void> {
    await this.ffmpeg(hlsArgs(input, outDir, plan), durationSeconds, onShare);
  }

  async remuxMp4(input: string, output: string, streams: { video: boolean; audio: boolean }, durationSeconds: number, onShare: ShareListener): Promise<void> {
    await this.ffmpeg(remuxArgs(input, output, streams), durationSeconds, onShare);
  }

  async thumbnail(input: string, output: string, atSeconds: number): Promise<void> {
    await runTool(this.ffmpegPath, thumbnailArgs(input, output, atSeconds), { signal: this.signal });
  }

  async episode(input: string, output: string, durationSeconds: number, onShare: ShareListener): Promise<void> {
    await this.ffmpeg(episodeArgs(input, output), durationSeconds, onShare);
  }

  private async ffmpeg(args: string[], durationSeconds: number, onShare: ShareListener): Promise<void> {
    let last = -1;
    await runTool(this.ffmpegPath, args, {
      signal: this.signal,
      onStdoutLine: (line) => {
        const seconds = progressSeconds(line);
        if (seconds === null || durationSeconds <= 0) return;
        const share = Math.max(0, Math.min(1, seconds / durationSeconds));
        // ffmpeg prints twice a second; only movement is worth a progress event.
        if (share - last < 0.01 && share < 1) return;
        last = share;
        onShare(share);
      },
    });
  }
}
export { fileSize, removeItemFiles, vodPath, Workspace } from './workspace.ts';
