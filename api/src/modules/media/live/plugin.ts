/**
 * `app.liveMedia`: RTMP ingest and live packaging when this process takes live inputs (MEDIA_INGEST,
 * on by default; ffmpeg must be installed), and the one call the stream lifecycle makes when a
 * broadcast ends. With Redis, API nodes that do not ingest pass that call to the ingest process as a
 * Socket.IO server-side event (the Redis adapter carries it), so the Studio's Stop works from any node;
 * so does a new stream key, which cuts an encoder still publishing with the old one.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enabledRestreamTargets } from '../destinations.ts';
import { detectFfmpeg } from '../capabilities.ts';
import { RtmpIngest } from './ingest.ts';
import { LiveManager } from './manager.ts';
import { startEncoderWait } from './encoder-wait.ts';
import { inBackground } from './background.ts';

export interface LiveMedia {
  /** Null when this process does not take live inputs (MEDIA_INGEST off, or no ffmpeg). */
  manager: LiveManager | null;
  /** The RTMP port listened on, or null. */
  rtmpPort: number | null;
  /** A broadcast ended: stop its media wherever it is packaged. */
  streamEnded(streamId: number): Promise<void>;
  /** A configuration's key was replaced: cut an encoder still on the old one, wherever it publishes. */
  keyRotated(configId: number): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveMedia: LiveMedia;
  }
}

async function liveMediaPlugin(app: FastifyInstance) {
  const { config } = app;
  let manager: LiveManager | null = null;
  let rtmpPort: number | null = null;
  const ffmpeg = config.mediaIngest ? await detectFfmpeg(config.ffmpegPath) : null;
  if (config.mediaIngest && !ffmpeg?.present) {
    app.log.warn('ffmpeg was not found: live ingest is off (install ffmpeg, e.g. apt-get install ffmpeg)');
  }
  if (config.mediaIngest && ffmpeg?.present) {
    let live: LiveManager | null = null;
    const ingest = new RtmpIngest((key) => live!.authorise(key), app.log, path.join(config.mediaDir, 'recordings', 'pending'));
    live = new LiveManager(app, ingest, {
      graceMs: config.mediaGraceMs,
      ladder: config.mediaLadder,
      destinations: (creatorId) => enabledRestreamTargets(app.db.kysely, creatorId, config.sessionSecret),
      // The kept recording becomes the on-demand item (MP4, duration, thumbnail, episode) in a media job,
      // with its progress sent to the creator.
      recorded: async ({ contentId, creatorId, source, generatePodcast }) => {
        const jobId = await app.jobs.enqueue('media', { kind: 'recording', contentId, source, generatePodcast }, { userId: creatorId });
        app.log.info({ contentId, jobId }, 'recording kept; media job queued');
      },
    });
    manager = live;
    rtmpPort = await ingest.listen(config.rtmpPort, config.host);
    app.log.info(`RTMP ingest listening on port ${rtmpPort}`);
    const stopEncoderWait = startEncoderWait(app, live, config.mediaStartTimeoutMs);
    app.addHook('onClose', async () => {
      stopEncoderWait();
      await live.close();
      await ingest.close();
    });
    if (app.redis) {
      app.io.on('mediaStreamEnded', (streamId: number) => inBackground(app.log, 'a relayed broadcast end failed', live.streamEnded(streamId)));
      app.io.on('mediaKeyRotated', (configId: number) => inBackground(app.log, 'a relayed key rotation failed', live.keyRotated(configId)));
    }
  }
  app.decorate('liveMedia', {
    manager,
    rtmpPort,
    async streamEnded(streamId: number) {
      if (manager) await manager.streamEnded(streamId);
      else if (app.redis) app.io.serverSideEmit('mediaStreamEnded', streamId);
    },
    async keyRotated(configId: number) {
      if (manager) await manager.keyRotated(configId);
      else if (app.redis) app.io.serverSideEmit('mediaKeyRotated', configId);
    },
  });
}

export default fp(liveMediaPlugin, { name: 'live-media', dependencies: ['context', 'realtime', 'live-state'] });
