/**
 * Deleting an item from a creator's library: a test broadcast, a wrong upload, an episode withdrawn.
 *
 * The row goes in one statement; everything that hangs on it (media assets, chat, polls, questions,
 * view history and its counters, episodes and their syndication records, lessons, sermons, offline
 * copies) goes with it through the schema's cascades, while payments keep their rows with the item
 * unlinked. Then its files go, the feed of the show it was an episode of is rebuilt without it, and
 * open pages are told (`content:removed`).
 *
 * Refused (409) while the item is on air, or while a media job is still writing its files: the job
 * would fail on a missing item, or leave files behind for one.
 */
import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { removeItemFiles } from '../media/item-files.ts';

export async function deleteContent(app: FastifyInstance, user: UserRow, id: number): Promise<void> {
  const showId = await app.db.kysely.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('content')
      .leftJoin('mediaAssets', 'mediaAssets.contentId', 'content.id')
      .leftJoin('podcastEpisodes', 'podcastEpisodes.contentId', 'content.id')
      .select(['content.creatorId', 'content.status', 'mediaAssets.status as mediaStatus', 'podcastEpisodes.showId'])
      .where('content.id', '=', id)
      .executeTakeFirst();
    if (!item) throw notFound('No content with that id');
    if (user.role !== 'admin' && item.creatorId !== user.id) throw forbidden('Only the item’s creator or an admin may delete it');
    if (item.status === 'live') throw conflict('This item is on air: end the broadcast in the Studio before deleting it');
    if (item.mediaStatus === 'processing') {
      throw conflict('This item’s media is still being processed: delete it when processing has finished');
    }
    await trx.deleteFrom('content').where('id', '=', id).execute();
    return item.showId;
  });

  await removeItemFiles(app.config.mediaDir, id);
  if (showId !== null) await app.jobs.enqueue('syndication', { showId }, { userId: user.id });
  app.io.to(rooms.lobby()).emit('content:removed', { contentId: id });
}
