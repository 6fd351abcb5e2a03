/**
 * A broadcast started in the Studio that no encoder ever reaches would stay live for good: listed on
 * Home with viewers waiting on "Starting…", and counted among the active streams. After
 * MEDIA_START_TIMEOUT_MS without an encoder it ends on its own (offline, nothing recorded) and its
 * creator is told why.
 *
 * It runs where live inputs are taken, since only that process knows whether an encoder is publishing
 * for a stream or is in its grace period after a drop (the live manager's sessions). The wait counts
 * from the stream's start or from this process's start, whichever is later: after an ingest restart,
 * encoders already on air get the whole wait to reconnect. One that never does leaves a broadcast whose
 * live files died with the old process: those go too, so the ended item offers no dead live stream.
 */
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { describeWait } from '@onair/protocol';
import { stopStream } from '../../streaming/streams.ts';
import { notify } from '../../notifications/service.ts';
import type { LiveManager } from './manager.ts';
import { liveDir } from '../item-files.ts';

/** How often open streams are checked: often enough that one ends within a quarter of its wait (a minute at most). */
function sweepEveryMs(timeoutMs: number) {
  return Math.min(60_000, Math.max(250, Math.floor(timeoutMs / 4)));
}

/** Starts the checks; answers the function that stops them. A timeout of 0 never ends a stream. */
export function startEncoderWait(app: FastifyInstance, manager: LiveManager, timeoutMs: number): () => void {
  if (timeoutMs <= 0) return () => undefined;
  const watchingSince = Date.now();
  let sweeping = false;

  const sweep = async () => {
    const cutoff = Date.now() - timeoutMs;
    if (sweeping || watchingSince > cutoff) return;
    sweeping = true;
    try {
      const waiting = await app.db.kysely
        .selectFrom('streams')
        .innerJoin('users', 'users.id', 'streams.creatorId')
        .leftJoin('mediaAssets', (join) => join.onRef('mediaAssets.contentId', '=', 'streams.contentId').on('mediaAssets.status', '=', 'live'))
        .selectAll('users')
        .select(['streams.id as streamId', 'streams.title as streamTitle', 'streams.contentId', 'mediaAssets.contentId as wasOnAir'])
        .where('streams.endedAt', 'is', null)
        .where('streams.startedAt', '<=', cutoff)
        .execute();
      for (const { streamId, streamTitle, contentId, wasOnAir, ...owner } of waiting) {
        if (manager.sessionFor(streamId)) continue;
        // On air before this process started: its live playlist is a dead end now.
        if (wasOnAir !== null) {
          await app.db.kysely.deleteFrom('mediaAssets').where('contentId', '=', contentId).where('status', '=', 'live').execute();
          await rm(liveDir(app.config.mediaDir, contentId), { recursive: true, force: true });
        }
        await stopStream(app, owner, streamId, { abandoned: true });
        app.log.info({ streamId }, 'broadcast ended: no encoder connected within MEDIA_START_TIMEOUT_MS');
        const wait = describeWait(timeoutMs);
        const why =
          wasOnAir === null
            ? `no encoder connected within ${wait} of Start Stream, so nothing was recorded`
            : `OnAir restarted while it was on air and its encoder did not reconnect within ${wait}`;
        await notify(app, {
          userId: owner.id,
          senderId: null,
          text: `Your broadcast “${streamTitle}” ended on its own: ${why}. When OBS (or your encoder) is ready, start it again in the Creator Studio.`,
          link: '/creator-studio',
        });
      }
    } catch (error) {
      app.log.warn({ err: error }, 'could not end broadcasts that no encoder reached');
    } finally {
      sweeping = false;
    }
  };

  const timer = setInterval(() => void sweep(), sweepEveryMs(timeoutMs));
  timer.unref();
  return () => clearInterval(timer);
}
