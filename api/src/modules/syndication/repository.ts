/**
 * Reading shows and syndication records, and presenting them. A show belongs to the creator who made
 * it; admins may see and act on every show.
 */
import type { Kysely } from 'kysely';
import { podcastUrls, presentSyndicationRecord, type PodcastShow, type PodcastSyndication } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import type { PodcastShowRow } from '../../db/schema-podcasts.ts';
import { selectRecords } from '../../db/queries/podcasts.ts';

export { selectRecords };

type Db = Kysely<Database>;


/** Records of one owner's shows (null: everyone's), newest first. */
export async function listRecords(db: Db, ownerId: number | null, publicUrl: string): Promise<PodcastSyndication[]> {
  let query = selectRecords(db);
  if (ownerId !== null) query = query.where('sh.creatorId', '=', ownerId);
  const rows = await query.orderBy('s.id', 'desc').execute();
  return rows.map((r) => presentSyndicationRecord(r, publicUrl));
}

export async function recordsByIds(db: Db, ids: number[], publicUrl: string): Promise<PodcastSyndication[]> {
  if (!ids.length) return [];
  const rows = await selectRecords(db).where('s.id', 'in', ids).orderBy('s.id', 'desc').execute();
  return rows.map((r) => presentSyndicationRecord(r, publicUrl));
}

export async function listShows(db: Db, ownerId: number | null, publicUrl: string): Promise<PodcastShow[]> {
  let query = db.selectFrom('podcastShows').selectAll();
  if (ownerId !== null) query = query.where('creatorId', '=', ownerId);
  const shows = await query.orderBy('id').execute();
  if (!shows.length) return [];
  const episodes = await db
    .selectFrom('podcastEpisodes as e')
    .innerJoin('content as c', 'c.id', 'e.contentId')
    .leftJoin('mediaAssets as m', 'm.contentId', 'e.contentId')
    .select(['e.showId', 'e.contentId', 'e.addedAt', 'c.title', 'c.durationSeconds', 'm.audioPath', 'm.status as assetStatus', 'm.durationMs'])
    .where(
      'e.showId',
      'in',
      shows.map((s) => s.id),
    )
    .orderBy('c.createdAt', 'desc')
    .execute();
  return shows.map((show) => presentShow(show, episodes.filter((e) => e.showId === show.id), publicUrl));
}

export async function findShow(db: Db, id: number): Promise<PodcastShowRow | undefined> {
  return db.selectFrom('podcastShows').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function showById(db: Db, id: number, publicUrl: string): Promise<PodcastShow> {
  const show = await findShow(db, id);
  const [presented] = await listShows(db, show!.creatorId, publicUrl).then((all) => all.filter((s) => s.id === id));
  return presented!;
}

interface EpisodeRow {
  contentId: number;
  addedAt: number | string;
  title: string;
  durationSeconds: number;
  audioPath: string | null;
  assetStatus: string | null;
  durationMs: number | string | null;
}

function presentShow(show: PodcastShowRow, episodes: EpisodeRow[], publicUrl: string): PodcastShow {
  const coverExt = show.coverMime === 'image/png' ? 'png' : 'jpg';
  return {
    id: show.id,
    slug: show.slug,
    title: show.title,
    description: show.description,
    author: show.author,
    category: show.category,
    language: show.language,
    explicit: show.explicit === 1,
    autoPublish: show.autoPublish === 1,
    qualityCheck: show.qualityCheck === 1,
    syncMetadata: show.syncMetadata === 1,
    syncFrequency: show.syncFrequency,
    coverUrl: show.coverPath ? podcastUrls.cover(publicUrl, show.slug, coverExt) : null,
    coverWidth: show.coverWidth,
    coverHeight: show.coverHeight,
    feedUrl: podcastUrls.feed(publicUrl, show.slug),
    pageUrl: podcastUrls.page(publicUrl, show.slug),
    feedBuiltAt: show.feedBuiltAt === null ? null : new Date(Number(show.feedBuiltAt)).toISOString(),
    lastSyncedAt: show.lastSyncedAt === null ? null : new Date(Number(show.lastSyncedAt)).toISOString(),
    episodes: episodes.map((e) => ({
      contentId: e.contentId,
      title: e.title,
      enclosureUrl:
        e.assetStatus === 'ready' && e.audioPath
          ? podcastUrls.enclosure(publicUrl, show.slug, e.contentId, e.audioPath.split('.').pop()!.toLowerCase())
          : null,
      durationSeconds: e.durationMs !== null ? Math.round(Number(e.durationMs) / 1000) : e.durationSeconds,
      addedAt: new Date(Number(e.addedAt)).toISOString(),
    })),
  };
}

/** A URL-safe, unique name for a new show's feed, from its title. */
export async function uniqueSlug(db: Db, title: string): Promise<string> {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'show';
  const taken = new Set(
    (await db.selectFrom('podcastShows').select('slug').where('slug', 'like', `${base}%`).execute()).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
