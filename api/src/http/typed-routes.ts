/**
 * Routes typed end to end from the protocol's zod schemas.
 *
 * A route declares `schema: { params, querystring, body }` with zod schemas; Fastify validates them
 * with `zodValidatorCompiler` before the handler runs, and `ZodTypeProvider` (fastify-type-provider-zod)
 * types `request.params`, `request.query` and `request.body` from the same schemas. Route plugins are
 * `FastifyPluginAsyncZod`s.
 *
 * Why our own validator compiler rather than the library's: it answers with the house's 400 text that
 * names the field (`describeIssue`, the same text the socket handlers give), and an absent body or
 * query reads as `{}` so a missing field is reported by name rather than "expected object".
 *
 * Order: auth guards run as `onRequest` hooks (`app.requireUser`, `app.requireRole`), before
 * validation, so a signed-out client always gets 401 and a wrong role 403, never a 400 about a body
 * it may not send at all.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import { describeIssue } from './validate.ts';

export type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

/** The instance a `FastifyPluginAsyncZod` receives: pass it to route functions a module's index registers. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

function isZodSchema(schema: unknown): schema is z.ZodType {
  return typeof schema === 'object' && schema !== null && typeof (schema as z.ZodType).safeParse === 'function';
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, url, httpPart }) => {
  if (!isZodSchema(schema)) throw new Error(`${url}: the ${httpPart ?? 'request'} schema must be a zod schema`);
  return (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: badRequest(describeIssue(result.error)) };
  };
};
