/**
 * Deleting an item from a creator's library: a test broadcast, a wrong upload, an episode withdrawn.
 *
 * The row goes in one statement; everything that hangs on it (media assets, chat, polls, questions,
 * view history and its counters, episodes and their syndication records, lessons, sermons, offline
 * copies) goes with it through the schema's cascades, while payments keep their rows with the item
 * unlinked. Then its files go, the feed of the show it was an episode of is rebuilt without it, and
 * open pages are told (`content:removed`).
 *
 * Refused (409) while the item is on air: its broadcast ends in the Studio first. An item whose media
 * is still being made (an upload's transcode, a recording being saved) may go: its media job notices
 * within a second, stops ffmpeg and removes what it wrote (workers' media-cancel.ts), and the bytes of
 * its uploads go here with its other files.
 *
 * An admin deleting someone else's item is a takedown: it goes in the admin log, in the same
 * transaction, and its creator is told.
 */
import type { FastifyInstance } from 'fastify';
import { rooms } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { removeItemFiles } from '../media/item-files.ts';
import { recordAdminAction } from '../admin/activity.ts';
import { notify } from '../notifications/service.ts';

export async function deleteContent(app: FastifyInstance, user: UserRow, id: number, reason: string | null = null): Promise<void> {
  const removed = await app.db.kysely.transaction().execute(async (trx) => {
    const item = await trx
      .selectFrom('content')
      .leftJoin('podcastEpisodes', 'podcastEpisodes.contentId', 'content.id')
      .select(['content.creatorId', 'content.title', 'content.status', 'podcastEpisodes.showId'])
      .where('content.id', '=', id)
      .executeTakeFirst();
    if (!item) throw notFound('No content with that id');
    if (user.role !== 'admin' && item.creatorId !== user.id) throw forbidden('Only the item’s creator or an admin may delete it');
    if (item.status === 'live') throw conflict('This item is on air: end the broadcast in the Studio before deleting it');
    // Its uploads' rows go with it (cascade); their bytes are named by upload, so they are read first.
    const uploads = await trx.selectFrom('mediaUploads').select('id').where('contentId', '=', id).execute();
    await trx.deleteFrom('content').where('id', '=', id).execute();
    // Whose item an admin took down, or null.
    const takenFrom = item.creatorId !== null && item.creatorId !== user.id ? item.creatorId : null;
    if (takenFrom !== null) {
      const detail = reason ? `${item.title}: ${reason}` : item.title;
      await recordAdminAction(trx, { adminId: user.id, action: 'content.delete', targetUserId: takenFrom, targetId: id, detail });
    }
    return { ...item, takenFrom, uploadIds: uploads.map((u) => u.id) };
  });

  // The item is gone once the transaction commits: a file that cannot go now (a media job still writing
  // into its folder) is its job's to remove when it stops, and must not turn the deletion into an error.
  await removeItemFiles(app.config.mediaDir, id, removed.uploadIds).catch((error: unknown) =>
    app.log.warn({ err: error, contentId: id }, 'some files of a deleted item are left for its media job to remove'),
  );
  if (removed.showId !== null) await app.jobs.enqueue('syndication', { showId: removed.showId }, { userId: user.id });
  app.io.to(rooms.lobby()).emit('content:removed', { contentId: id });
  if (removed.takenFrom !== null) {
    const text = `An administrator took down your item “${removed.title}”${reason ? `: ${reason}` : '.'}`;
    await notify(app, { userId: removed.takenFrom, senderId: user.id, text, link: '/creator' });
  }
}
