/**
 * Serves the built web app (dist/web) and answers unknown non-API paths with index.html, so the
 * client router can take deep links. Unknown /api paths get a plain 404. Two paths get a page with
 * their screen already rendered in it (scripts/vite-page-snapshots.ts), so a first visit paints before
 * the app's code has run: /landing signed out gets landing.html, and / signed in the home page of the
 * user's role, with their name in it (home-pages.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PAGE_SNAPSHOTS } from '@onair/protocol/constants';
import { HomePages } from './home-pages.ts';

async function webPlugin(app: FastifyInstance) {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const hasLandingSnapshot = existsSync(path.join(root, PAGE_SNAPSHOTS.landing));
  const homePages = hasWeb ? HomePages.load(root) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // '/' is not the directory's index.html: what it shows depends on the session (below).
      index: false,
      // The build writes .br and .gz beside each text asset; the client's Accept-Encoding picks one
      // (with Vary: Accept-Encoding), and clients that accept neither get the original.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    // API and media paths answer a plain 404; only app paths fall back to the client router.
    const pathname = request.url.split('?')[0];
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const { user } = request;
      // What / shows depends on the session: no shared cache may keep one person's answer for another.
      if (pathname === '/') reply.header('vary', 'Cookie, Accept-Encoding');
      if (pathname === '/' && user && homePages) {
        const page = await homePages.render(user, String(request.headers['accept-encoding'] ?? ''));
        if (page.encoding) reply.header('content-encoding', page.encoding);
        return reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(page.body);
      }
      // Signed in, /landing only redirects to /: the bare page does that soonest.
      const page = hasLandingSnapshot && pathname === '/landing' && !user ? PAGE_SNAPSHOTS.landing : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(`No route for ${request.method} ${pathname}`);
  });
}

export default fp(webPlugin, { name: 'web', dependencies: ['context', 'auth'] });
