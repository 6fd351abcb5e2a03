/**
 * Syndication records with their show and content: read by the API's routes and by the syndication
 * job in the workers, which may use the data layer but not the API's modules.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;

export function selectRecords(db: Db) {
  return db
    .selectFrom('podcastSyndications as s')
    .innerJoin('podcastEpisodes as e', 'e.contentId', 's.contentId')
    .innerJoin('podcastShows as sh', 'sh.id', 'e.showId')
    .innerJoin('content as c', 'c.id', 's.contentId')
    .select([
      's.id',
      's.contentId',
      's.platform',
      's.status',
      's.reasons',
      's.externalId',
      's.jobId',
      's.lastSync',
      'c.title as contentTitle',
      'sh.id as showId',
      'sh.title as showTitle',
      'sh.slug as showSlug',
      'sh.creatorId',
    ]);
}
