/**
 * GET /api/docs: a browsable OpenAPI 3.1 description of every route (/api/docs/json for the document).
 *
 * Registered before any route: @fastify/swagger collects routes as they are added. Each route is
 * tagged by its area (the first path segment after /api), and routes that declare request schemas
 * with `docs()` (http/route-docs.ts) show them. Those schemas describe; they do not validate (see
 * route-docs.ts for why), so the validator compiler here accepts everything.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/api/docs';

/** The area a path belongs to: `/api/polls/vote` → `polls`, `/media/x` → `media`. */
export function tagFor(url: string): string {
  const segments = url.split('/').filter(Boolean);
  const area = segments[0] === 'api' ? segments[1] : segments[0];
  return area && !area.startsWith(':') && area !== '*' ? area : 'web';
}

async function openapiPlugin(app: FastifyInstance) {
  // Validation is parseOr400's job inside each handler; the schemas here are documentation.
  app.setValidatorCompiler(() => (data) => ({ value: data }));

  app.addHook('onRoute', (route) => {
    const tags = route.schema?.tags ?? [tagFor(route.url)];
    route.schema = { ...route.schema, tags };
  });

  await app.register(fastifySwagger, {
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
