/**
 * The Analytics tab: counted downloads (see downloads.ts) of one owner's shows, in total, in the
 * chosen window against the window before it, per platform, per UTC day and per episode.
 */
import type { Kysely } from 'kysely';
import { DAY_MS, DOWNLOAD_SOURCES, type SyndicationAnalytics } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';


export async function syndicationAnalytics(
  db: Kysely<Database>,
  opts: { ownerId: number | null; showId: number | null; days: number; now: number },
): Promise<SyndicationAnalytics> {
  let downloads = db
    .selectFrom('podcastDownloads as d')
    .innerJoin('podcastShows as sh', 'sh.id', 'd.showId')
    .innerJoin('content as c', 'c.id', 'd.contentId')
    .select(['d.contentId', 'd.source', 'd.createdAt', 'c.title']);
  if (opts.ownerId !== null) downloads = downloads.where('sh.creatorId', '=', opts.ownerId);
  if (opts.showId !== null) downloads = downloads.where('sh.id', '=', opts.showId);
  const rows = await downloads.execute();

  const todayStart = Math.floor(opts.now / DAY_MS) * DAY_MS;
  const windowStart = todayStart - (opts.days - 1) * DAY_MS;
  const previousStart = windowStart - opts.days * DAY_MS;
  const daily = new Map<string, number>();
  for (let t = windowStart; t <= todayStart; t += DAY_MS) daily.set(new Date(t).toISOString().slice(0, 10), 0);
  const bySource = new Map<string, number>(DOWNLOAD_SOURCES.map((s) => [s, 0]));
  const byEpisode = new Map<number, { title: string; downloads: number }>();
  let windowDownloads = 0;
  let previousWindowDownloads = 0;
  for (const row of rows) {
    const at = Number(row.createdAt);
    bySource.set(row.source, (bySource.get(row.source) ?? 0) + 1);
    const episode = byEpisode.get(row.contentId) ?? { title: row.title, downloads: 0 };
    episode.downloads += 1;
    byEpisode.set(row.contentId, episode);
    if (at >= windowStart) {
      windowDownloads += 1;
      const day = new Date(at).toISOString().slice(0, 10);
      if (daily.has(day)) daily.set(day, daily.get(day)! + 1);
    } else if (at >= previousStart) previousWindowDownloads += 1;
  }

  let episodes = db.selectFrom('podcastEpisodes as e').innerJoin('podcastShows as sh', 'sh.id', 'e.showId').select((eb) => eb.fn.countAll<number>().as('n'));
  let published = db
    .selectFrom('podcastSyndications as s')
    .innerJoin('podcastEpisodes as e', 'e.contentId', 's.contentId')
    .innerJoin('podcastShows as sh', 'sh.id', 'e.showId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.status', '=', 'published');
  if (opts.ownerId !== null) {
    episodes = episodes.where('sh.creatorId', '=', opts.ownerId);
    published = published.where('sh.creatorId', '=', opts.ownerId);
  }
  if (opts.showId !== null) {
    episodes = episodes.where('sh.id', '=', opts.showId);
    published = published.where('sh.id', '=', opts.showId);
  }

  return {
    totalDownloads: rows.length,
    windowDownloads,
    previousWindowDownloads,
    episodes: Number((await episodes.executeTakeFirst())?.n ?? 0),
    published: Number((await published.executeTakeFirst())?.n ?? 0),
    byPlatform: DOWNLOAD_SOURCES.map((source) => ({ source, downloads: bySource.get(source) ?? 0 })),
    daily: [...daily].map(([day, downloads]) => ({ day, downloads })),
    topEpisodes: [...byEpisode]
      .map(([contentId, e]) => ({ contentId, title: e.title, downloads: e.downloads }))
      .sort((a, b) => b.downloads - a.downloads || a.contentId - b.contentId)
      .slice(0, 10),
  };
}
