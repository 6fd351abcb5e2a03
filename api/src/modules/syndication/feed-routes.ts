/**
 * The public side of podcasting, no sign-in: /feeds/{slug}.xml (the feed the last syndication job
 * published, with ETag and Last-Modified), /feeds/{slug} (a small show page carrying the feed as
 * <link rel="alternate">), the cover art, and the enclosures with ranges, conditional requests and
 * download counting.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { podcastUrls } from '@onair/protocol';
import { isSubscribersOnly } from '../monetization/access.ts';
import { countDownload } from './downloads.ts';
import { isNotModified, planFile, sendFile } from './file-response.ts';

const SLUG = /^[a-z0-9-]{1,80}$/;
const notFound = (reply: FastifyReply, what: string) => reply.code(404).type('text/plain; charset=utf-8').send(`No such ${what}`);

export default async function feedRoutes(app: FastifyInstance) {
  const db = app.db.kysely;
  const { mediaDir, publicUrl } = app.config;
  const showBySlug = (slug: string) => db.selectFrom('podcastShows').selectAll().where('slug', '=', slug).executeTakeFirst();

  app.get<{ Params: { file: string } }>('/feeds/:file', async (request, reply) => {
    const { file } = request.params;
    const isFeed = file.endsWith('.xml');
    const slug = isFeed ? file.slice(0, -4) : file;
    if (!SLUG.test(slug)) return notFound(reply, 'show');
    const show = await showBySlug(slug);
    if (!show) return notFound(reply, 'show');
    if (!isFeed) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await showPage(app, show.id, slug));
    if (show.feedXml === null || show.feedEtag === null || show.feedBuiltAt === null) return notFound(reply, 'feed yet: it is being built');
    const lastModified = Number(show.feedBuiltAt);
    reply
      .header('etag', show.feedEtag)
      .header('last-modified', new Date(lastModified).toUTCString())
      .header('cache-control', 'public, max-age=300');
    if (isNotModified(request, show.feedEtag, lastModified)) return reply.code(304).send();
    return reply.type('application/rss+xml; charset=utf-8').send(show.feedXml);
  });

  app.get<{ Params: { slug: string; file: string } }>('/feeds/:slug/:file', async (request, reply) => {
    const { slug, file } = request.params;
    const match = /^cover\.(jpg|png)$/.exec(file);
    if (!SLUG.test(slug) || !match) return notFound(reply, 'file');
    const show = await showBySlug(slug);
    if (!show?.coverPath || (match[1] === 'png') !== (show.coverMime === 'image/png')) return notFound(reply, 'cover');
    const full = path.join(mediaDir, ...show.coverPath.split('/'));
    const facts = await stat(full).catch(() => null);
    if (!facts) return notFound(reply, 'cover');
    sendFile(request, reply, { path: full, size: facts.size, mtimeMs: facts.mtimeMs, mime: show.coverMime! }, 'public, max-age=3600');
    return reply;
  });

  app.get<{ Params: { slug: string; file: string } }>('/feeds/:slug/episodes/:file', async (request, reply) => {
    const { slug, file } = request.params;
    const match = /^(\d{1,10})\.([a-z0-9]{2,4})$/.exec(file);
    if (!SLUG.test(slug) || !match) return notFound(reply, 'episode');
    const contentId = Number(match[1]);
    const episode = await db
      .selectFrom('podcastEpisodes as e')
      .innerJoin('podcastShows as sh', 'sh.id', 'e.showId')
      .innerJoin('mediaAssets as m', 'm.contentId', 'e.contentId')
      .select(['e.showId', 'm.status', 'm.audioPath', 'm.audioMime', 'm.durationMs'])
      .where('sh.slug', '=', slug)
      .where('e.contentId', '=', contentId)
      .executeTakeFirst();
    if (!episode || episode.status !== 'ready' || !episode.audioPath) return notFound(reply, 'episode');
    // A subscribers-only item is not part of the public feed: answered as if it were unknown.
    if (await isSubscribersOnly(db, contentId)) return notFound(reply, 'episode');
    if (path.extname(episode.audioPath).slice(1).toLowerCase() !== match[2]) return notFound(reply, 'episode');
    const full = path.join(mediaDir, ...episode.audioPath.split('/'));
    const facts = await stat(full).catch(() => null);
    if (!facts) return notFound(reply, 'episode');
    const audio = { path: full, size: facts.size, mtimeMs: facts.mtimeMs, mime: episode.audioMime ?? 'audio/mpeg' };
    const plan = planFile(request, audio);
    // Counted before the bytes go out, so a client's next request already sees this one.
    if (request.method === 'GET' && (plan.status === 200 || plan.status === 206)) {
      await countDownload(db, {
        showId: episode.showId,
        contentId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        requestedBytes: plan.end - plan.start + 1,
        totalBytes: facts.size,
        durationMs: episode.durationMs === null ? null : Number(episode.durationMs),
        now: Date.now(),
      }).catch((error: unknown) => request.log.warn({ err: error }, 'could not count a download'));
    }
    sendFile(request, reply, audio, 'public, max-age=86400', plan);
    return reply;
  });

  async function showPage(app: FastifyInstance, showId: number, slug: string): Promise<string> {
    const show = (await db.selectFrom('podcastShows').selectAll().where('id', '=', showId).executeTakeFirst())!;
    const episodes = await db
      .selectFrom('podcastEpisodes as e')
      .innerJoin('content as c', 'c.id', 'e.contentId')
      .leftJoin('contentAccess as a', 'a.contentId', 'e.contentId')
      .select(['c.title', 'c.description', 'c.createdAt'])
      .where('e.showId', '=', showId)
      // The page lists what the feed lists: no subscribers-only items.
      .where((eb) => eb.or([eb('a.subscribersOnly', 'is', null), eb('a.subscribersOnly', '!=', 1)]))
      .orderBy('c.createdAt', 'desc')
      .execute();
    const feedUrl = podcastUrls.feed(publicUrl, slug);
    const cover = show.coverPath ? podcastUrls.cover(publicUrl, slug, show.coverMime === 'image/png' ? 'png' : 'jpg') : null;
    void app;
    return `<!doctype html>
<html lang="${escapeHtml(show.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(show.title)}</title>
<link rel="alternate" type="application/rss+xml" title="${escapeHtml(show.title)}" href="${escapeHtml(feedUrl)}">
</head>
<body>
${cover ? `<img src="${escapeHtml(cover)}" alt="" width="200" height="200">` : ''}
<h1>${escapeHtml(show.title)}</h1>
<p>${escapeHtml(show.author)}</p>
<p>${escapeHtml(show.description)}</p>
<p><a href="${escapeHtml(feedUrl)}">RSS feed</a></p>
<ul>
${episodes.map((e) => `<li><strong>${escapeHtml(e.title)}</strong> ${escapeHtml(new Date(Number(e.createdAt)).toISOString().slice(0, 10))}</li>`).join('\n')}
</ul>
</body>
</html>`;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
