/**
 * One broadcast's media while it is on air: the packager (HLS ladder, listen stream, recording take),
 * the restreamers and the health sampler. An encoder that drops and reconnects within the grace period
 * starts a new take of the same session: playlists continue (with a discontinuity) and the recording
 * gets another part.
 */
import { mkdirSync } from 'node:fs';
import { access, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RestreamState, StreamHealth, TranscriptionServer } from '@onair/protocol';
import { liveDir } from '../item-files.ts';
import { FfmpegProcess } from './ffmpeg-process.ts';
import { healthWarnings } from './input-stats.ts';
import { startLiveCaptions, type CaptionCueOut, type LiveCaptions } from './live-captions.ts';
import { LIVE_PLAYLIST_SIZE, packagerArgs, SEGMENT_SECONDS, type LadderMode } from './ladder.ts';
import { withSubtitleRendition } from './master-playlist.ts';
import { AUDIO_CODECS, VIDEO_CODECS } from './nms.ts';
import type { Publisher } from './ingest.ts';
import { Restreamer, type RestreamDestination } from './restreamer.ts';
import { SUBTITLE_PLAYLIST, SubtitlePlaylist } from './subtitle-playlist.ts';
import { lastSequence, takeClock } from './take-clock.ts';

export interface LiveSessionSettings {
  streamId: number;
  contentId: number;
  creatorId: number;
  bitrateKbps: number;
  saveRecording: boolean;
  generatePodcast: boolean;
  /** Speech to text while on air (issue 15). */
  liveCaptions: boolean;
  /** The content item's language: it picks the speech engine. */
  language: string;
  /** The OpenAI-compatible transcription server (TRANSCRIBE_URL), or null for the offline engine. */
  transcriptionServer: TranscriptionServer | null;
  /** Radio: package audio only. */
  audioOnly: boolean;
  mediaDir: string;
  ffmpegPath: string;
  ladder: LadderMode;
}

export interface LiveSessionReports {
  health(creatorId: number, health: StreamHealth): void;
  restream(creatorId: number, state: RestreamState): void;
  /** The first playlist of a take is on disk: players can start. */
  /** A live caption was recognised. */
  caption(session: LiveSession, cue: CaptionCueOut): void;
  playable(session: LiveSession, files: { hlsPath: string; audioPath: string | null }): void;
  error(message: string, detail: object): void;
}

const MEDIA_INFO_WAIT_MS = 5000;
const AUDIO_ONLY_AFTER_MS = 1500;
const HEALTH_EVERY_MS = 1000;
/** While captions are on, ffmpeg's master playlist is written here and published with the subtitle rendition added. */
const PACKAGER_MASTER = 'variants.m3u8';
const SEGMENT_MS = SEGMENT_SECONDS * 1000;
/**
 * How long after its window a subtitle segment is published: players play about three segments
 * behind the live edge, so two segments of lag still reach them in time and give the recogniser
 * that long to answer.
 */
const SUBTITLE_LAG_MS = 2 * SEGMENT_MS;
/** As ffmpeg's -hls_delete_threshold in ladder.ts. */
const SUBTITLE_DELETE_THRESHOLD = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exists(file: string) {
  return access(file).then(
    () => true,
    () => false,
  );
}

export class LiveSession {
  private packager: FfmpegProcess | null = null;
  private restreamers: Restreamer[] = [];
  private healthTimer: NodeJS.Timeout | null = null;
  /** The latest health sent: what the Studio shows, continued while the encoder is away. */
  private lastHealth: StreamHealth | null = null;
  private publisher: Publisher | null = null;
  private ended = false;
  private captioner: LiveCaptions | null = null;
  /** The captions' HLS rendition, for the whole broadcast (takes continue it). */
  private subtitles: SubtitlePlaylist | null = null;
  private subtitleTimer: NodeJS.Timeout | null = null;
  /** The latest cue's caption delay, shown in the stream health. */
  private captionDelayMs: number | null = null;
  /** When the broadcast's first take was published: cue times count from here. */
  private startedAt: number | null = null;
  /** Recording parts, one per take (absolute paths). */
  readonly takes: string[] = [];
  /** When the current take's publish arrived and when its first playlist appeared (for the bench). */
  timings: { publishAt: number; playableAt: number | null } = { publishAt: 0, playableAt: null };

  constructor(
    readonly settings: LiveSessionSettings,
    private reports: LiveSessionReports,
  ) {}

  get liveDir() {
    return liveDir(this.settings.mediaDir, this.settings.contentId);
  }

  get recordingDir() {
    return path.join(this.settings.mediaDir, 'recordings', String(this.settings.contentId));
  }

  /** The packager of the current take (for measurements), or null between takes. */
  get packagerProcess(): FfmpegProcess | null {
    return this.packager;
  }

  get key() {
    return this.publisher?.key ?? null;
  }

  /** Whether this publisher is the session's current encoder (keys are not identities: a refused second push has the same one). */
  isCurrent(publisher: Publisher): boolean {
    return this.publisher === publisher;
  }

  /** Waits until the input's kinds of media are known: video arrives, or audio alone for a while. */
  private async waitForMediaInfo(publisher: Publisher) {
    const deadline = Date.now() + MEDIA_INFO_WAIT_MS;
    while (Date.now() < deadline && !publisher.session.socket.destroyed) {
      const { hasVideo, hasAudio } = publisher.stats;
      const first = publisher.stats.firstPacketAt;
      if (hasVideo && (hasAudio || (first !== null && Date.now() - first > AUDIO_ONLY_AFTER_MS))) return;
      if (!hasVideo && hasAudio && first !== null && Date.now() - first > AUDIO_ONLY_AFTER_MS) return;
      await sleep(100);
    }
  }

  /** A publisher (first, or reconnected) starts a take. */
  async begin(publisher: Publisher, inputUrl: string, destinations: RestreamDestination[]) {
    this.publisher = publisher;
    this.timings = { publishAt: Date.now(), playableAt: null };
    this.startedAt ??= this.timings.publishAt;
    await this.waitForMediaInfo(publisher);
    if (this.ended || this.publisher !== publisher || publisher.session.socket.destroyed) return;
    const { hasVideo, hasAudio } = publisher.stats;
    if (!hasVideo && !hasAudio) {
      this.reports.error('The encoder sent no audio or video', { streamId: this.settings.streamId });
      return;
    }
    const audioOnly = this.settings.audioOnly || !hasVideo;
    for (const dir of ['source', '720p', '480p', 'audio', 'listen']) mkdirSync(path.join(this.liveDir, dir), { recursive: true });
    await this.keepOrDiscardRecording(publisher);
    const captions = this.settings.liveCaptions && hasAudio;
    const variantPlaylist = path.join(this.liveDir, audioOnly ? 'audio' : 'source', 'index.m3u8');
    // Segments already listed belong to earlier takes.
    const takeAfter = captions ? await lastSequence(variantPlaylist) : -1;
    const args = packagerArgs({
      inputUrl,
      outDir: this.liveDir,
      hasVideo,
      hasAudio,
      sourceHeight: publisher.session.videoHeight || 0,
      bitrateKbps: this.settings.bitrateKbps,
      mode: this.settings.ladder,
      audioOnly,
      masterName: captions ? PACKAGER_MASTER : undefined,
    });
    const packager = new FfmpegProcess(this.settings.ffmpegPath, args);
    this.packager = packager;
    packager.on('exit', ({ reason }) => {
      if (reason && !this.ended) this.reports.error('The packager stopped', { streamId: this.settings.streamId, reason });
    });
    this.announceWhenPlayable(packager, variantPlaylist, audioOnly, captions ? takeAfter : null).catch((error: unknown) =>
      this.reports.error('The take could not be announced', { streamId: this.settings.streamId, err: error }),
    );
    this.restreamers = destinations.map(
      (d) => new Restreamer(d, inputUrl, this.settings.streamId, this.settings.ffmpegPath, (s) => this.reports.restream(this.settings.creatorId, s)),
    );
    for (const r of this.restreamers) r.start();
    if (captions) this.startCaptions(inputUrl);
    this.startHealth(publisher, audioOnly);
  }

  /** The ingest records every publish from its first packet; a kept broadcast moves it into its takes. */
  private async keepOrDiscardRecording(publisher: Publisher) {
    if (!this.settings.saveRecording) return publisher.recorder.discard();
    mkdirSync(this.recordingDir, { recursive: true });
    const take = path.join(this.recordingDir, `take-${this.takes.length + 1}.flv`);
    // Renaming keeps the open file: the recorder goes on writing into the take.
    await rename(publisher.recorder.file, take);
    publisher.recorder.file = take;
    this.takes.push(take);
  }

  /**
   * Players are told once the master and a variant are on disk. With captions (`takeAfter` set: the
   * last segment of earlier takes), the take's first segment must be there too, to start the subtitle
   * rendition on the take's clock, and the master is published with the rendition added.
   */
  private async announceWhenPlayable(packager: FfmpegProcess, firstVariant: string, audioOnly: boolean, takeAfter: number | null) {
    const master = path.join(this.liveDir, takeAfter === null ? 'master.m3u8' : PACKAGER_MASTER);
    while (this.packager === packager && packager.exitCode === null) {
      if ((await exists(master)) && (await exists(firstVariant)) && (takeAfter === null || (await this.startSubtitles(packager, firstVariant, takeAfter)))) {
        this.timings.playableAt = Date.now();
        const base = `live/${this.settings.contentId}`;
        this.reports.playable(this, { hlsPath: `${base}/master.m3u8`, audioPath: audioOnly ? `${base}/listen.mp3` : null });
        return;
      }
      await sleep(100);
    }
  }

  /** Starts this take's subtitle segments and publishes the master with their rendition; false until the take's first segment is written. */
  private async startSubtitles(packager: FfmpegProcess, variantPlaylist: string, takeAfter: number): Promise<boolean> {
    const clock = await takeClock(variantPlaylist, takeAfter);
    const variants = clock && (await readFile(path.join(this.liveDir, PACKAGER_MASTER), 'utf8'));
    // The take may have ended meanwhile: its clock is then of no use.
    if (!clock || !variants || this.packager !== packager) return false;
    const startedAt = this.startedAt ?? this.timings.publishAt;
    this.subtitles ??= new SubtitlePlaylist(this.liveDir, startedAt, {
      segmentMs: SEGMENT_MS,
      listSize: LIVE_PLAYLIST_SIZE,
      deleteThreshold: SUBTITLE_DELETE_THRESHOLD,
      lagMs: SUBTITLE_LAG_MS,
    });
    const subtitles = this.subtitles;
    subtitles.startTake({ mpegts: clock.mpegts, localMs: clock.wallMs - startedAt });
    subtitles.advance(Date.now() - startedAt);
    // Set before the next await, so a pause meanwhile clears it.
    if (this.subtitleTimer) clearInterval(this.subtitleTimer);
    this.subtitleTimer = setInterval(() => subtitles.advance(Date.now() - startedAt), SEGMENT_MS / 4);
    this.subtitleTimer.unref();
    const published = path.join(this.liveDir, 'master.m3u8');
    await writeFile(`${published}.tmp`, withSubtitleRendition(variants, SUBTITLE_PLAYLIST, this.settings.language));
    await rename(`${published}.tmp`, published);
    return true;
  }

  private startCaptions(inputUrl: string) {
    this.captioner = startLiveCaptions({
      ffmpegPath: this.settings.ffmpegPath,
      inputUrl,
      startedAt: this.startedAt ?? this.timings.publishAt,
      language: this.settings.language,
      server: this.settings.transcriptionServer,
      onCue: (cue) => {
        this.captionDelayMs = cue.delayMs;
        this.subtitles?.addCue(cue);
        this.reports.caption(this, cue);
      },
      onError: (reason) => {
        if (!this.ended) this.reports.error('Live captions stopped', { streamId: this.settings.streamId, reason });
      },
    });
  }

  private report(health: StreamHealth) {
    this.lastHealth = health;
    this.reports.health(this.settings.creatorId, health);
  }

  private startHealth(publisher: Publisher, audioOnly: boolean) {
    if (this.healthTimer) clearInterval(this.healthTimer);
    const session = publisher.session;
    this.healthTimer = setInterval(() => {
      publisher.stats.sampleBytes(session.inBytes);
      const snap = publisher.stats.snapshot();
      const base = {
        streamId: this.settings.streamId,
        contentId: this.settings.contentId,
        bitrateKbps: snap.bitrateKbps,
        configuredKbps: this.settings.bitrateKbps,
        fps: snap.fps ?? (session.videoFramerate || null),
        width: session.videoWidth || null,
        height: session.videoHeight || null,
        keyframeInterval: snap.keyframeInterval,
        videoCodec: snap.hasVideo ? (VIDEO_CODECS[session.videoCodec] ?? (session.videoCodec ? String(session.videoCodec) : null)) : null,
        audioCodec: snap.hasAudio ? (AUDIO_CODECS[session.audioCodec] ?? (session.audioCodec ? String(session.audioCodec) : null)) : null,
        idleMs: snap.idleMs,
        captionDelayMs: this.settings.liveCaptions ? this.captionDelayMs : null,
        measuredAt: new Date().toISOString(),
      };
      this.report({ ...base, warnings: healthWarnings(base, audioOnly) });
    }, HEALTH_EVERY_MS);
    this.healthTimer.unref();
  }

  /**
   * While the broadcast waits for its encoder, the Studio's health says so, second by second, instead
   * of keeping the last measurement of a healthy input on screen.
   */
  private reportDisconnected(graceEndsAt: number) {
    const last = this.lastHealth;
    if (!last) return;
    const since = Date.now();
    const tick = () => {
      const now = Date.now();
      const left = Math.max(0, Math.ceil((graceEndsAt - now) / 1000));
      this.report({
        ...last,
        bitrateKbps: 0,
        fps: null,
        idleMs: last.idleMs + (now - since),
        measuredAt: new Date(now).toISOString(),
        warnings: [`The encoder disconnected: the broadcast ends in ${left} s unless it reconnects`],
      });
    };
    tick();
    this.healthTimer = setInterval(tick, HEALTH_EVERY_MS);
    this.healthTimer.unref();
  }

  /**
   * The encoder went away: finish this take (files flushed). With `graceEndsAt` the session may resume
   * until then, and its health reports the wait; without, it is ending.
   */
  async pause(graceEndsAt?: number) {
    // Everything of the take is detached before the first await: an encoder reconnecting meanwhile
    // begins the next take, which this must not clear.
    const publisher = this.publisher;
    this.publisher = null;
    if (this.healthTimer) clearInterval(this.healthTimer);
    this.healthTimer = null;
    if (graceEndsAt !== undefined && !this.ended) this.reportDisconnected(graceEndsAt);
    if (this.subtitleTimer) clearInterval(this.subtitleTimer);
    this.subtitleTimer = null;
    const packager = this.packager;
    this.packager = null;
    const restreamers = this.restreamers;
    this.restreamers = [];
    const captioner = this.captioner;
    this.captioner = null;
    await Promise.all([publisher?.recorder.stop(), packager?.stop(), captioner?.stop(), ...restreamers.map((r) => r.stop())]);
  }

  /** The broadcast is over. Answers the recording parts that hold data. */
  async end(): Promise<string[]> {
    this.ended = true;
    await this.pause();
    const kept: string[] = [];
    for (const take of this.takes) if (await exists(take)) kept.push(take);
    return kept;
  }
}
