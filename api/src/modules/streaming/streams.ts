/**
 * Going on air and off air. While a stream runs, its broadcast is a live content item that viewers
 * open from Home; stopping keeps it as on-demand content when the recording is saved. Each change is
 * pushed: `content:updated` to the lobby (Home grids refresh) and `streams:active` to the creator.
 */
import type { FastifyInstance } from 'fastify';
import { destinationName, rooms, type ActiveStream, type StreamStartResponse, type StreamStopResponse } from '@onair/protocol';
import { z } from 'zod';
import type { UserRow } from '../../db/schema.ts';
import type { StreamRow } from '../../db/schema-creators.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findContent } from '../content/repository.ts';
import { parseDestinations } from './config.ts';
import { announceGoLive } from '../mobile/go-live.ts';

const alreadyLive = () => conflict('This stream is already live');

/** The destinations (platform ids) a broadcast was started with, as its row stores them. */
export function broadcastPlatforms(stored: string): string[] {
  return z.array(z.string()).parse(JSON.parse(stored));
}

function enabledNames(stored: string): string[] {
  return broadcastPlatforms(stored).map(destinationName);
}

export async function activeStreams(app: FastifyInstance, creatorId: number): Promise<ActiveStream[]> {
  const rows = await app.db.kysely
    .selectFrom('streams')
    .innerJoin('content', 'content.id', 'streams.contentId')
    .select(['streams.id', 'streams.contentId', 'streams.title', 'streams.destinations', 'streams.startedAt', 'content.peakViewers'])
    .where('streams.creatorId', '=', creatorId)
    .where('streams.endedAt', 'is', null)
    .orderBy('streams.startedAt', 'desc')
    .execute();
  const counts = await app.liveAudience.viewerCounts(rows.map((r) => r.contentId));
  return rows.map((r) => {
    const viewerCount = counts.get(r.contentId) ?? 0;
    return {
      id: r.id,
      contentId: r.contentId,
      title: r.title,
      viewerCount,
      peakViewers: Math.max(r.peakViewers, viewerCount),
      destinations: enabledNames(r.destinations),
      startedAt: new Date(r.startedAt).toISOString(),
    };
  });
}

/** Tells Home grids about the item and the creator about their streams. */
export async function announceStream(app: FastifyInstance, creatorId: number, contentId: number) {
  const content = await findContent(app.db.kysely, app.liveAudience, contentId);
  if (content) app.io.to(rooms.lobby()).emit('content:updated', content);
  app.io.to(rooms.creator(creatorId)).emit('streams:active', await activeStreams(app, creatorId));
}

export async function startStream(app: FastifyInstance, user: UserRow, configId: number, now = Date.now()): Promise<StreamStartResponse> {
  const db = app.db.kysely;
  const config = await db.selectFrom('streamConfigs').selectAll().where('id', '=', configId).where('creatorId', '=', user.id).executeTakeFirst();
  if (!config) throw notFound('configId: no stream configuration with that id');
  if (!config.title.trim()) throw badRequest('title: please enter a title for your stream');
  const enabled = parseDestinations(config.destinations).filter((d) => d.enabled).map((d) => d.platform);
  if (enabled.length === 0) throw badRequest('destinations: enable at least one destination');
  const live = await db.selectFrom('streams').select('id').where('configId', '=', config.id).where('endedAt', 'is', null).executeTakeFirst();
  if (live) throw alreadyLive();

  let stream: { id: number; contentId: number };
  try {
    stream = await db.transaction().execute(async (trx) => {
      const { id: contentId } = await trx
        .insertInto('content')
        .values({
          creatorId: user.id,
          title: config.title,
          description: config.description || null,
          type: config.contentType,
          category: null,
          status: 'live',
          durationSeconds: 0,
          language: 'en',
          createdAt: now,
          liveSince: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto('streams')
        .values({
          creatorId: user.id,
          configId: config.id,
          contentId,
          title: config.title,
          destinations: JSON.stringify(enabled),
          bitrate: config.bitrate,
          resolution: config.resolution,
          saveRecording: config.saveRecording,
          generatePodcast: config.generatePodcast,
          liveCaptions: config.liveCaptions,
          startedAt: now,
          endedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, contentId };
    });
  } catch (error) {
    // Two starts of one configuration at once: the partial unique index lets one through.
    if (isUniqueViolation(error)) throw alreadyLive();
    throw error;
  }
  await announceStream(app, user.id, stream.contentId);
  void announceGoLive(app, user.id, stream.contentId);
  return { streamId: stream.id, contentId: stream.contentId, destinations: enabled.map(destinationName), startedAt: new Date(now).toISOString() };
}

/** A stream that ends `abandoned` never had an encoder: nothing was broadcast, so nothing is published. */
function stopped(stream: StreamRow, endedAt: number, abandoned = false): StreamStopResponse {
  return {
    streamId: stream.id,
    contentId: stream.contentId,
    endedAt: new Date(endedAt).toISOString(),
    durationSeconds: abandoned ? 0 : Math.max(0, Math.round((endedAt - stream.startedAt) / 1000)),
    contentStatus: stream.saveRecording === 1 && !abandoned ? 'published' : 'offline',
  };
}

/**
 * Ends a stream: its owner may, and so may an admin (taking a broadcast off air). Repeating is harmless.
 * `abandoned`: no encoder ever reached it (encoder-wait.ts), so its item goes offline with no duration.
 */
export async function stopStream(
  app: FastifyInstance,
  user: UserRow,
  streamId: number,
  { now = Date.now(), abandoned = false }: { now?: number; abandoned?: boolean } = {},
): Promise<StreamStopResponse> {
  const db = app.db.kysely;
  const stream = await db.selectFrom('streams').selectAll().where('id', '=', streamId).executeTakeFirst();
  if (!stream || (stream.creatorId !== user.id && user.role !== 'admin')) throw notFound('No stream with that id');
  if (stream.endedAt !== null) return stopped(stream, stream.endedAt);

  const result = stopped(stream, now, abandoned);
  const ended = await db.transaction().execute(async (trx) => {
    const update = await trx.updateTable('streams').set({ endedAt: now }).where('id', '=', stream.id).where('endedAt', 'is', null).executeTakeFirst();
    if (Number(update.numUpdatedRows) === 0) return false;
    await trx
      .updateTable('content')
      .set({ status: result.contentStatus, liveSince: null, durationSeconds: result.durationSeconds })
      .where('id', '=', stream.contentId)
      .execute();
    return true;
  });
  if (!ended) {
    // A concurrent stop won; answer with what it stored.
    const final = await db.selectFrom('streams').selectAll().where('id', '=', stream.id).executeTakeFirstOrThrow();
    return stopped(final, final.endedAt ?? now);
  }
  await app.liveMedia.streamEnded(stream.id);
  await announceStream(app, stream.creatorId, stream.contentId);
  return result;
}
