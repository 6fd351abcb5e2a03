/**
 * Route schemas for the OpenAPI document, built from the same zod schemas the handlers parse with.
 *
 * Why documentation only: validation stays in `parseOr400` (often inside a service the socket
 * handlers share), which runs after the route's auth preHandler. Letting Fastify validate instead
 * would answer 400 before 401 to a signed-out client sending a bad body, and would split the 400
 * texts between two formatters. So these JSON schemas feed `@fastify/swagger` only, and the openapi
 * plugin installs a validator compiler that accepts everything (see plugins/openapi.ts).
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';

export interface RouteDocs {
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  summary?: string;
}

/** A zod schema as JSON Schema (draft 2020-12, what OpenAPI 3.1 uses), as a client sends it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  // `io: 'input'` documents what a client sends (before defaults and transforms); a refinement or a
  // custom type has no JSON Schema form, so it is documented as "any" rather than failing the build.
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return json;
}

/** The `schema` option of a route: `app.post(url, { schema: docs({ body: Schema }) }, handler)`. */
export function docs(route: RouteDocs): FastifySchema {
  const schema: FastifySchema = {};
  if (route.body) schema.body = jsonSchemaOf(route.body);
  if (route.querystring) schema.querystring = jsonSchemaOf(route.querystring);
  if (route.params) schema.params = jsonSchemaOf(route.params);
  if (route.summary) schema.summary = route.summary;
  return schema;
}
