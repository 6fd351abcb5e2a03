/**
 * What the routes do besides reading: start syndication jobs (records go `pending` with the job's id
 * until the job decides), add episodes to shows (auto-publish distributes them), and react to changed
 * show details (sync metadata pushes them at once).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PODCAST_PLATFORMS, type SyndicationPlatform } from '@onair/protocol';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { PodcastShowRow } from '../../db/schema-podcasts.ts';
import type { UserRow as AuthUser } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';

/** Marks the records pending under a new syndication job and queues it; answers the job id. */
export async function startSync(app: FastifyInstance, ids: number[], userId: number | null): Promise<string | null> {
  if (!ids.length) return null;
  const jobId = await app.jobs.enqueue('syndication', { syndicationIds: ids }, { userId });
  await app.db.kysely.updateTable('podcastSyndications').set({ status: 'pending', reasons: '[]', jobId }).where('id', 'in', ids).execute();
  return jobId;
}

/** Rebuilds a show's feed (or resyncs its records, when it has any) after its details or episodes changed. */
export async function refreshShow(app: FastifyInstance, show: PodcastShowRow, userId: number): Promise<string | null> {
  const records = await app.db.kysely
    .selectFrom('podcastSyndications as s')
    .innerJoin('podcastEpisodes as e', 'e.contentId', 's.contentId')
    .select('s.id')
    .where('e.showId', '=', show.id)
    .execute();
  if (records.length) return startSync(app, records.map((r) => r.id), userId);
  return app.jobs.enqueue('syndication', { showId: show.id }, { userId });
}

/**
 * Rebuilds the feed of the show an item is an episode of, if any: its access changed, and the public
 * feed must drop (or list again) a subscribers-only item. Answers the job id.
 */
export async function refreshFeedOf(app: FastifyInstance, contentId: number, userId: number): Promise<string | null> {
  const episode = await app.db.kysely.selectFrom('podcastEpisodes').select('showId').where('contentId', '=', contentId).executeTakeFirst();
  return episode ? app.jobs.enqueue('syndication', { showId: episode.showId }, { userId }) : null;
}

export function assertShowAccess(user: AuthUser, show: PodcastShowRow | undefined): PodcastShowRow {
  if (!show || (user.role !== 'admin' && show.creatorId !== user.id)) throw notFound('No show with that id');
  return show;
}

/** The content item a creator may put in a show or distribute: their own radio or podcast item. */
export async function assertEpisodeContent(app: FastifyInstance, user: AuthUser, contentId: number, ownerId: number) {
  const content = await app.db.kysely.selectFrom('content').select(['id', 'creatorId', 'type', 'title']).where('id', '=', contentId).executeTakeFirst();
  if (!content) throw notFound('No content with that id');
  if (content.creatorId !== ownerId && user.role !== 'admin') throw forbidden('contentId: you can only syndicate your own content');
  if (content.creatorId !== ownerId) throw badRequest('contentId: this item belongs to someone other than the show’s owner');
  if (content.type !== 'radio' && content.type !== 'podcast') throw badRequest('contentId: only radio and podcast items can be podcast episodes');
  return content;
}

/**
 * Puts an item in a show (once: an item belongs to one show). A new episode of an auto-publish show
 * is distributed to every platform; otherwise, with sync metadata on, the feed is rebuilt at once.
 */
export async function addEpisode(app: FastifyInstance, user: AuthUser, show: PodcastShowRow, contentId: number): Promise<{ added: boolean }> {
  const db = app.db.kysely;
  await assertEpisodeContent(app, user, contentId, show.creatorId);
  const existing = await db.selectFrom('podcastEpisodes').select('showId').where('contentId', '=', contentId).executeTakeFirst();
  if (existing && existing.showId !== show.id) throw conflict('contentId: this item is already an episode of another show');
  if (existing) return { added: false };
  try {
    await db.insertInto('podcastEpisodes').values({ contentId, showId: show.id, guid: randomUUID(), addedAt: Date.now() }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('contentId: this item is already an episode of a show');
    throw error;
  }
  if (show.autoPublish === 1) {
    const ids = await ensureRecords(app, contentId, PODCAST_PLATFORMS, user.id);
    await startSync(app, ids, user.id);
  } else if (show.syncMetadata === 1) {
    await refreshShow(app, show, user.id);
  }
  return { added: true };
}

/** The records of an item on these platforms, made when missing; answers their ids. */
export async function ensureRecords(app: FastifyInstance, contentId: number, platforms: readonly SyndicationPlatform[], userId: number): Promise<number[]> {
  const db = app.db.kysely;
  const ids: number[] = [];
  for (const platform of platforms) {
    const found = await db.selectFrom('podcastSyndications').select('id').where('contentId', '=', contentId).where('platform', '=', platform).executeTakeFirst();
    if (found) {
      ids.push(found.id);
      continue;
    }
    try {
      const row = await db
        .insertInto('podcastSyndications')
        .values({ contentId, platform, status: 'pending', reasons: '[]', externalId: null, jobId: null, lastSync: null, createdBy: userId, createdAt: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Someone made it at the same moment: use theirs.
      const again = await db.selectFrom('podcastSyndications').select('id').where('contentId', '=', contentId).where('platform', '=', platform).executeTakeFirstOrThrow();
      ids.push(again.id);
    }
  }
  return ids;
}
