/**
 * Serves the built web app (dist/web) and answers unknown non-API paths with index.html, so the
 * client router can take deep links. Unknown /api paths get a plain 404. /landing gets landing.html,
 * index.html with the landing page already rendered in it (scripts/vite-landing-snapshot.ts), so a
 * first visit paints before the app's code has run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function webPlugin(app: FastifyInstance) {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  const hasLandingSnapshot = existsSync(path.join(root, 'landing.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // The build writes .br and .gz beside each text asset; the client's Accept-Encoding picks one
      // (with Vary: Accept-Encoding), and clients that accept neither get the original.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders(res, filePath) {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // API and media paths answer a plain 404; only app paths fall back to the client router.
    const pathname = request.url.split('?')[0];
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/media/');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = hasLandingSnapshot && pathname === '/landing' ? 'landing.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send(`No route for ${request.method} ${pathname}`);
  });
}

export default fp(webPlugin, { name: 'web', dependencies: ['context'] });
