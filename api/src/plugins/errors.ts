/**
 * One place that turns errors into responses. Client mistakes (validation, auth, conflicts, bad JSON)
 * keep their 4xx status and a plain-text sentence; anything else is logged and answered with a generic
 * 500 so internals never leak.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest, HttpError } from '../http/errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server faults seen since start: system health reports them. */
    serverErrors: { at: number; message: string; resolved: boolean }[];
  }
}

const MAX_REMEMBERED_ERRORS = 1000;

/**
 * The path of the first string holding a NUL character, or null. Postgres cannot store NUL in text
 * and no field of ours means it, so it is refused for every route before any handler reads the input.
 */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNulCharacter(key, path, depth + 1) ?? findNulCharacter(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

async function errorsPlugin(app: FastifyInstance) {
  app.decorate('serverErrors', []);

  app.addHook('preValidation', async (request) => {
    const field = findNulCharacter(request.params, '') ?? findNulCharacter(request.query, '') ?? findNulCharacter(request.body, '');
    if (field !== null) throw badRequest(`${field || 'body'}: must not contain the NUL character`);
  });

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).type('text/plain; charset=utf-8').send(error.message);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, a body too large, an unsupported media type.
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Request body is not valid JSON'
        : error.message;
      return reply.code(status).type('text/plain; charset=utf-8').send(message);
    }
    request.log.error({ err: error }, 'request failed');
    app.serverErrors.push({ at: Date.now(), message: error.message, resolved: false });
    if (app.serverErrors.length > MAX_REMEMBERED_ERRORS) app.serverErrors.shift();
    return reply.code(500).type('text/plain; charset=utf-8').send('Something went wrong on our side');
  });
}

export default fp(errorsPlugin, { name: 'errors' });
