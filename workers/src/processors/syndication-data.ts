/**
 * The rows the syndication job reads and writes: records with their show and content, a show with
 * its owner and episodes, and which shows a scheduled sync is due for.
 */
import { selectRecords, type Db } from '@onair/api/db';

export { selectRecords };
import { SYNC_FREQUENCY_MS, type SyncFrequency } from '@onair/protocol';

type Kysely = Db['kysely'];


export async function loadShow(db: Kysely, showId: number) {
  return db
    .selectFrom('podcastShows as sh')
    .innerJoin('users as u', 'u.id', 'sh.creatorId')
    .selectAll('sh')
    .select('u.email as ownerEmail')
    .where('sh.id', '=', showId)
    .executeTakeFirst();
}
export type LoadedShow = NonNullable<Awaited<ReturnType<typeof loadShow>>>;

export async function loadEpisodes(db: Kysely, showId: number) {
  return db
    .selectFrom('podcastEpisodes as e')
    .innerJoin('content as c', 'c.id', 'e.contentId')
    .leftJoin('mediaAssets as m', 'm.contentId', 'e.contentId')
    // Only a ready transcript is offered to podcast apps.
    .leftJoin('transcripts as t', (join) => join.onRef('t.contentId', '=', 'e.contentId').on('t.status', '=', 'ready'))
    .leftJoin('contentAccess as a', 'a.contentId', 'e.contentId')
    .select([
      'e.contentId',
      'e.guid',
      'e.addedAt',
      'c.title',
      'c.description',
      'c.createdAt',
      'c.durationSeconds',
      'm.status as assetStatus',
      'm.audioPath',
      'm.audioMime',
      'm.audioBytes',
      'm.durationMs',
      'm.updatedAt as assetUpdatedAt',
      't.language as transcriptLanguage',
      'a.subscribersOnly',
      'a.updatedAt as accessUpdatedAt',
    ])
    .where('e.showId', '=', showId)
    .orderBy('c.createdAt', 'desc')
    .orderBy('e.contentId', 'desc')
    .execute();
}
export type LoadedEpisode = Awaited<ReturnType<typeof loadEpisodes>>[number];

/** Shows whose sync frequency has elapsed since their last sync (realtime ones always). */
export async function dueShowIds(db: Kysely, now: number): Promise<number[]> {
  const shows = await db.selectFrom('podcastShows').select(['id', 'syncFrequency', 'lastSyncedAt']).execute();
  return shows
    .filter((s) => s.lastSyncedAt === null || now - Number(s.lastSyncedAt) >= SYNC_FREQUENCY_MS[s.syncFrequency as SyncFrequency])
    .map((s) => s.id);
}
