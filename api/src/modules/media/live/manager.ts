/**
 * Live media for this process: takes authorised publishes from the RTMP ingest, turns each into a
 * broadcast (starting the stream when the Studio has not), keeps it through short encoder drops (the
 * grace period), and ends it when the encoder stays away or the Studio stops it. Recording parts are
 * joined and handed on to become an on-demand item.
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { rooms, transcriptionServer, type RestreamState, type StreamHealth, type TranscriptionServer } from '@onair/protocol';
import { hashStreamKey } from '../../streaming/keys.ts';
import { announceStream, broadcastPlatforms, startStream, stopStream } from '../../streaming/streams.ts';
import { restreamedTo } from '../destinations.ts';
import { FfmpegProcess } from './ffmpeg-process.ts';
import type { RtmpIngest, Publisher } from './ingest.ts';
import { LiveSession } from './live-session.ts';
import { recordingSource } from '../item-files.ts';
import type { CaptionCueOut } from './live-captions.ts';
import type { LadderMode } from './ladder.ts';
import type { RestreamDestination } from './restreamer.ts';
import { inBackground } from './background.ts';

export interface LiveManagerOptions {
  graceMs: number;
  ladder: LadderMode;
  /** Enabled restream destinations of a creator, keys decrypted. */
  destinations(creatorId: number): Promise<RestreamDestination[]>;
  /** A kept broadcast's recording, joined into one file under MEDIA_DIR, to be made on-demand. */
  recorded(input: { contentId: number; creatorId: number; source: string; generatePodcast: boolean }): Promise<void>;
}

/** How long a key whose broadcast the Studio stopped refuses encoders, unless the Studio starts it again. */
const STOP_HOLD_MS = 60_000;
/** How long the live folder stays after the end, so players reach the last segments. */
const LIVE_FILES_LINGER_MS = 30_000;

export class LiveManager {
  private sessions = new Map<number, LiveSession>();
  private graceTimers = new Map<number, NodeJS.Timeout>();
  /** Stream keys (hashed) whose encoder the Studio's Stop cut, and when. */
  private stoppedKeys = new Map<string, number>();
  private cleanups = new Set<NodeJS.Timeout>();
  /** After close, late events (an encoder's socket closing during shutdown) touch nothing. */
  private closed = false;
  private transcriptionServer: TranscriptionServer | null;

  constructor(
    private app: FastifyInstance,
    private ingest: RtmpIngest,
    private options: LiveManagerOptions,
  ) {
    const { transcribeUrl, transcribeApiKey, transcribeModel } = app.config;
    this.transcriptionServer = transcribeUrl ? transcriptionServer(transcribeUrl, transcribeApiKey, transcribeModel) : null;
    ingest.on('publish', (p) => void this.onPublish(p).catch((error) => this.app.log.error({ err: error }, 'live publish failed')));
    ingest.on('unpublish', (p) => void this.onUnpublish(p).catch((error) => this.app.log.error({ err: error }, 'live unpublish failed')));
  }

  /** The ingest's check: a key of a configuration whose owner may broadcast, not already on air. */
  authorise = async (key: string): Promise<true | string> => {
    const db = this.app.db.kysely;
    const config = await db
      .selectFrom('streamConfigs')
      .innerJoin('users', 'users.id', 'streamConfigs.creatorId')
      .select(['streamConfigs.id', 'users.role', 'users.status'])
      .where('streamConfigs.streamKeyHash', '=', hashStreamKey(key))
      .executeTakeFirst();
    if (!config) return 'unknown or rotated stream key';
    if (config.status !== 'active') return 'the account is suspended';
    if (config.role !== 'creator' && config.role !== 'admin') return 'the account may not broadcast';
    if (this.ingest.publisherByKey(key)) return 'this stream key is already publishing';
    if (await this.heldAfterStop(key, config.id)) return 'the broadcast was just stopped in the Studio: press Start Stream there to go live again';
    return true;
  };

  /**
   * After the Studio's Stop cut an encoder, the encoder's automatic reconnect (OBS retries by default)
   * must not start a new broadcast: its key is held for a while unless the Studio starts the stream.
   */
  private async heldAfterStop(key: string, configId: number): Promise<boolean> {
    const hash = hashStreamKey(key);
    const stoppedAt = this.stoppedKeys.get(hash);
    if (stoppedAt === undefined) return false;
    if (Date.now() - stoppedAt > STOP_HOLD_MS) {
      this.stoppedKeys.delete(hash);
      return false;
    }
    const started = await this.app.db.kysely.selectFrom('streams').select('id').where('configId', '=', configId).where('endedAt', 'is', null).executeTakeFirst();
    return !started;
  }

  sessionFor(streamId: number) {
    return this.sessions.get(streamId);
  }

  private async onPublish(publisher: Publisher) {
    if (this.closed) return publisher.session.socket.destroy();
    const db = this.app.db.kysely;
    const config = await db.selectFrom('streamConfigs').selectAll().where('streamKeyHash', '=', hashStreamKey(publisher.key)).executeTakeFirst();
    if (!config) return publisher.session.socket.destroy();
    let stream = await db.selectFrom('streams').selectAll().where('configId', '=', config.id).where('endedAt', 'is', null).executeTakeFirst();
    if (!stream) {
      const owner = await db.selectFrom('users').selectAll().where('id', '=', config.creatorId).executeTakeFirstOrThrow();
      try {
        const started = await startStream(this.app, owner, config.id);
        stream = await db.selectFrom('streams').selectAll().where('id', '=', started.streamId).executeTakeFirstOrThrow();
      } catch (error) {
        this.app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'RTMP publish refused: the stream cannot start');
        // Nothing of this publish is kept: its recording so far goes too.
        await publisher.recorder.discard();
        return publisher.session.socket.destroy();
      }
    }
    this.cancelGrace(stream.id);
    let session = this.sessions.get(stream.id);
    if (!session) {
      const content = await db.selectFrom('content').select(['type', 'language']).where('id', '=', stream.contentId).executeTakeFirstOrThrow();
      session = new LiveSession(
        {
          streamId: stream.id,
          contentId: stream.contentId,
          creatorId: stream.creatorId,
          bitrateKbps: stream.bitrate,
          saveRecording: stream.saveRecording === 1,
          generatePodcast: stream.generatePodcast === 1,
          liveCaptions: stream.liveCaptions === 1,
          language: content.language,
          transcriptionServer: this.transcriptionServer,
          audioOnly: content.type === 'radio',
          mediaDir: this.app.config.mediaDir,
          ffmpegPath: this.app.config.ffmpegPath,
          ladder: this.options.ladder,
        },
        this.reports,
      );
      this.sessions.set(stream.id, session);
    }
    const destinations = restreamedTo(await this.options.destinations(stream.creatorId), broadcastPlatforms(stream.destinations));
    await session.begin(publisher, this.ingest.localUrl(publisher.key), destinations);
    // The encoder left before its take began (its unpublish found no current publisher): wait for it as for any drop.
    if (publisher.session.socket.destroyed && session.isCurrent(publisher)) await this.waitForEncoder(stream.id, session);
  }

  private async onUnpublish(publisher: Publisher) {
    if (this.closed) return;
    // Only the broadcast's current encoder counts: a push refused at start, or one already replaced by a
    // reconnect, must not pause it or arm a second grace timer.
    const entry = [...this.sessions.entries()].find(([, s]) => s.isCurrent(publisher));
    if (!entry) return;
    await this.waitForEncoder(...entry);
  }

  /** The encoder dropped: the take ends, and the broadcast ends too unless it is back within the grace period. */
  private async waitForEncoder(streamId: number, session: LiveSession) {
    // Armed before the take's processes are stopped (which takes a while): an encoder back meanwhile cancels it.
    this.cancelGrace(streamId);
    this.graceTimers.set(
      streamId,
      setTimeout(() => {
        this.graceTimers.delete(streamId);
        inBackground(this.app.log, 'ending a broadcast after its grace period failed', this.endAfterGrace(streamId));
      }, this.options.graceMs),
    );
    const graceEndsAt = Date.now() + this.options.graceMs;
    this.app.liveState.publishSignal({ contentId: session.settings.contentId, state: 'lost', endsAt: new Date(graceEndsAt).toISOString() });
    await session.pause(graceEndsAt);
  }

  private cancelGrace(streamId: number) {
    const grace = this.graceTimers.get(streamId);
    if (grace) clearTimeout(grace);
    this.graceTimers.delete(streamId);
  }

  /**
   * The Studio gave the configuration a new key: an encoder still publishing with the old one (it may
   * have leaked) is cut, and cannot come back with it. The broadcast then ends after the grace period
   * unless the encoder returns with the new key.
   */
  async keyRotated(configId: number) {
    const stream = await this.app.db.kysely.selectFrom('streams').select('id').where('configId', '=', configId).where('endedAt', 'is', null).executeTakeFirst();
    const key = stream ? this.sessions.get(stream.id)?.key : null;
    if (key) this.ingest.disconnect(key);
  }

  private async endAfterGrace(streamId: number) {
    if (this.closed) return;
    const stream = await this.app.db.kysely.selectFrom('streams').selectAll().where('id', '=', streamId).executeTakeFirst();
    if (!stream || stream.endedAt !== null) return this.streamEnded(streamId);
    const owner = await this.app.db.kysely.selectFrom('users').selectAll().where('id', '=', stream.creatorId).executeTakeFirstOrThrow();
    // stopStream ends the item and calls back into streamEnded.
    await stopStream(this.app, owner, streamId);
  }

  /** The broadcast is over (grace expired, or the Studio's Stop): stop media and keep the recording. */
  async streamEnded(streamId: number) {
    this.cancelGrace(streamId);
    const session = this.sessions.get(streamId);
    if (!session) return;
    this.sessions.delete(streamId);
    const { contentId } = session.settings;
    if (this.app.liveState.signals.has(contentId)) this.app.liveState.publishSignal({ contentId, state: 'ended', endsAt: null });
    // An encoder still sending when the broadcast ends was stopped from the Studio (a grace period ends
    // with none): it is cut, and its reconnect is held (heldAfterStop).
    if (session.key) {
      this.stoppedKeys.set(hashStreamKey(session.key), Date.now());
      this.ingest.disconnect(session.key);
    }
    const takes = await session.end();
    this.app.liveState.endStream(streamId);
    const { creatorId, generatePodcast } = session.settings;
    const db = this.app.db.kysely;
    if (takes.length > 0) {
      const source = await this.joinTakes(session, takes);
      await db
        .insertInto('mediaAssets')
        .values({ contentId, status: 'processing', updatedAt: Date.now() })
        .onConflict((oc) => oc.column('contentId').doUpdateSet({ status: 'processing', hlsPath: null, audioPath: null, updatedAt: Date.now() }))
        .execute();
      await this.options.recorded({ contentId, creatorId, source, generatePodcast });
    } else {
      await db.deleteFrom('mediaAssets').where('contentId', '=', contentId).execute();
    }
    const timer = setTimeout(() => {
      this.cleanups.delete(timer);
      inBackground(this.app.log, 'could not delete a broadcast’s live files', rm(session.liveDir, { recursive: true, force: true }));
    }, LIVE_FILES_LINGER_MS);
    timer.unref();
    this.cleanups.add(timer);
  }

  /** One file for the media job: a single take as it is, several joined by ffmpeg's concat demuxer (no re-encode). */
  private async joinTakes(session: LiveSession, takes: string[]): Promise<string> {
    const joined = path.join(this.app.config.mediaDir, recordingSource(session.settings.contentId));
    await rm(joined, { force: true });
    if (takes.length === 1) {
      await rename(takes[0]!, joined);
    } else {
      const list = path.join(session.recordingDir, 'takes.txt');
      await writeFile(list, takes.map((t) => `file '${t.replace(/'/g, "'\\''")}'`).join('\n'));
      const concat = new FfmpegProcess(this.app.config.ffmpegPath, ['-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', '-y', joined]);
      await concat.exited;
      await Promise.all([...takes, list].map((t) => rm(t, { force: true })));
    }
    return path.relative(this.app.config.mediaDir, joined).split(path.sep).join('/');
  }

  private reports = {
    health: (creatorId: number, health: StreamHealth) => this.app.liveState.publishHealth(creatorId, health),
    restream: (creatorId: number, state: RestreamState) => this.app.liveState.publishRestream(creatorId, state),
    caption: (session: LiveSession, cue: CaptionCueOut) => {
      const { contentId, streamId } = session.settings;
      this.app.io.to(rooms.content(contentId)).emit('caption:cue', { contentId, streamId, ...cue });
    },
    playable: (session: LiveSession, files: { hlsPath: string; audioPath: string | null }) => {
      // A take after a drop: the picture is back for the viewers who were told it dropped.
      const { contentId } = session.settings;
      if (this.app.liveState.signals.has(contentId)) this.app.liveState.publishSignal({ contentId, state: 'restored', endsAt: null });
      inBackground(this.app.log, 'could not mark a take playable', this.markPlayable(session, files));
    },
    error: (message: string, detail: object) => this.app.log.warn(detail, message),
  };

  private async markPlayable(session: LiveSession, files: { hlsPath: string; audioPath: string | null }) {
    const { contentId, creatorId } = session.settings;
    const now = Date.now();
    await this.app.db.kysely
      .insertInto('mediaAssets')
      .values({ contentId, status: 'live', hlsPath: files.hlsPath, audioPath: files.audioPath, updatedAt: now })
      .onConflict((oc) => oc.column('contentId').doUpdateSet({ status: 'live', hlsPath: files.hlsPath, audioPath: files.audioPath, updatedAt: now }))
      .execute();
    await announceStream(this.app, creatorId, contentId);
  }

  async close() {
    this.closed = true;
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    for (const timer of this.cleanups) clearTimeout(timer);
    await Promise.all([...this.sessions.values()].map((s) => s.end()));
    this.sessions.clear();
  }
}
