/**
 * One place that turns errors into responses. Client mistakes (validation, auth, conflicts, bad JSON)
 * keep their 4xx status and a plain-text sentence; anything else is logged and answered with a generic
 * 500 so internals never leak.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import { assertNoNulCharacter } from '../http/validate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Server faults seen since start: system health reports them. */
    serverErrors: { at: number; message: string; resolved: boolean }[];
  }
}

const MAX_REMEMBERED_ERRORS = 1000;

async function errorsPlugin(app: FastifyInstance) {
  app.decorate('serverErrors', []);

  // Every route, including those that read their input without a schema. Done-style: an async hook
  // costs every request a promise and a microtask.
  app.addHook('preValidation', (request, _reply, done) => {
    let refusal: Error | undefined;
    try {
      for (const part of [request.params, request.query, request.body]) assertNoNulCharacter(part, 'body');
    } catch (error) {
      refusal = error as Error;
    }
    done(refusal);
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
