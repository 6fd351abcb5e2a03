/**
 * GET /api/docs: a browsable OpenAPI 3.1 description of every route (/api/docs/json for the document).
 *
 * Registered before any route: @fastify/swagger collects routes as they are added. Each route is
 * tagged by its area (the first path segment after /api); the zod schemas a route validates with
 * (http/typed-routes.ts) are turned into JSON Schema for the document by fastify-type-provider-zod's
 * transform, so the document cannot drift from what the server accepts.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** The area a path belongs to: `/api/polls/vote` → `polls`, `/media/x` → `media`. */
export function tagFor(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const area = segments[0] === 'api' ? segments[1] : segments[0];
  return area && !area.startsWith(':') && area !== '*' ? area : 'web';
}

async function openapiPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const tags = route.schema?.tags ?? [tagFor(route.url)];
    route.schema = { ...route.schema, tags };
  });

  await app.register(fastifySwagger, {
    // What a client sends (before defaults and transforms); a refinement with no JSON Schema form is
    // documented as "any" rather than failing the document.
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } }),
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'OnAir API',
        version: '0.1.0',
        description: 'Live TV, radio and podcasts. Signed-in routes use the `onair.sid` session cookie from POST /api/login.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'onair.sid' } },
      },
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The UI's own scripts and styles, under a policy of its own (the app's CSP allows only the app).
    staticCSP: true,
  });
}

export default fp(openapiPlugin, { name: 'openapi' });
