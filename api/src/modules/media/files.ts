/**
 * Serves MEDIA_DIR at /media/: live and on-demand HLS, MP4, episode audio and thumbnails, with the
 * MIME types players expect and cache headers that suit each (live playlists change every second and
 * must not be cached; segments never change once written). Recordings in progress and upload parts sit
 * in other folders of MEDIA_DIR and are never served. Live radio also has a progressive listen URL.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { canWatch, SUBSCRIBERS_ONLY_MESSAGE } from '../monetization/access.ts';
import { streamListen } from './listen.ts';
import { MEDIA_URL_PREFIX } from './playback.ts';

const MIME: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.mp3': 'audio/mpeg',
  '.aac': 'audio/aac',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** Only these top-level folders of MEDIA_DIR are public. */
const SERVED = /^\/?(live|vod)\/\d+\//;

export function cacheControlFor(file: string): string {
  const live = /(^|[\\/])live[\\/]/.test(file);
  if (file.endsWith('.m3u8')) return live ? 'no-cache, no-store' : 'public, max-age=60';
  return live ? 'public, max-age=3600, immutable' : 'public, max-age=86400';
}

/**
 * The content id a /media/ request is for (`/media/live/12/…`, `/media/vod/12/…`), or null, read from
 * its path as the file server will read it: percent-decoded, with `.`, `..` and doubled slashes
 * resolved. Matching the raw URL let `/media/%76od/12/…` or `/media/vod/3/../12/…` past the check to a
 * file the server then decoded and served.
 */
export function contentIdOfMediaPath(url: string): number | null {
  const raw = url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null; // the router and the file server refuse it too
  }
  const match = /^\/media\/(?:live|vod)\/(\d{1,10})\//.exec(path.posix.normalize(decoded));
  return match ? Number(match[1]) : null;
}

/** Whether the file server may open a path under /media/: a public folder, named without `..`. */
function servedPath(pathName: string): boolean {
  return SERVED.test(pathName) && !pathName.split('/').includes('..');
}

export default async function mediaFiles(app: FastifyInstance) {
  const root = app.config.mediaDir;
  mkdirSync(root, { recursive: true });

  // Subscribers-only items: their playlists, segments and files answer 403 to others, like the player.
  app.addHook('preHandler', async (request, reply) => {
    const contentId = contentIdOfMediaPath(request.url);
    if (contentId !== null && !(await canWatch(app.db.kysely, request.user, contentId))) {
      return reply.code(403).type('text/plain; charset=utf-8').send(SUBSCRIBERS_ONLY_MESSAGE);
    }
  });

  app.get('/media/live/:contentId/listen.mp3', async (request, reply) => {
    const { contentId } = request.params as { contentId: string };
    if (!/^\d{1,10}$/.test(contentId)) return reply.code(404).type('text/plain').send('No such station');
    return streamListen(request, reply, path.join(root, 'live', contentId, 'listen'));
  });

  await app.register(fastifyStatic, {
    root,
    prefix: MEDIA_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    acceptRanges: true,
    allowedPath: servedPath,
    setHeaders(res, file) {
      const type = MIME[path.extname(file).toLowerCase()];
      if (type) res.header('content-type', type);
      res.header('cache-control', cacheControlFor(file));
      // Players on other origins (a TV app, a CDN-fronted page) may fetch segments.
      res.header('access-control-allow-origin', '*');
    },
  });
}
