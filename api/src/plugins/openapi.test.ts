/**
 * /api/docs: the OpenAPI document is valid OpenAPI 3, lists every route the server registers (read
 * from Fastify itself through an onRoute hook on the instance buildServer creates), and shows the
 * request schemas routes declare; /api/docs serves the browsable UI.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from '@readme/openapi-parser';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app.ts';

const registered = vi.hoisted(() => [] as Pick<RouteOptions, 'method' | 'url' | 'schema'>[]);

// Wrap the Fastify factory so the test sees every route as Fastify registers it, independently of
// the swagger plugin under test.
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = original.default as unknown as (...args: unknown[]) => FastifyInstance;
  const factory = (...args: unknown[]): FastifyInstance => {
    const app = create(...args);
    app.addHook('onRoute', (route) => {
      registered.push({ method: route.method, url: route.url, schema: route.schema });
    });
    return app;
  };
  return { ...original, default: Object.assign(factory, original.default) };
});

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } }>>;
}

/** Fastify's `/a/:id` as OpenAPI's `/a/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI at /api/docs', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    // A built web app is present, so the SPA fallback is live and must not answer for /api/docs.
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>OnAir app</title>');
    t = await createTestApp('sqlite', { seed: false, env: { WEB_DIST: webDist } });
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the server registers, tagged by area', () => {
    const expected = new Set<string>();
    for (const route of registered) {
      if (route.schema?.hide) continue; // the docs UI's own routes
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue; // Fastify's automatic HEAD beside each GET
        expected.add(`${method.toLowerCase()} ${openapiPath(route.url)}`);
      }
    }
    expect(expected.size).toBeGreaterThan(100);
    const listed = new Set(Object.entries(document.paths).flatMap(([url, item]) => Object.keys(item).map((method) => `${method} ${url}`)));
    expect([...expected].filter((route) => !listed.has(route))).toEqual([]);
    for (const item of Object.values(document.paths)) for (const operation of Object.values(item)) expect(operation.tags?.length).toBe(1);
    expect(document.paths['/api/polls/vote']?.post?.tags).toEqual(['polls']);
  });

  it('shows the request schemas routes declare', () => {
    const login = document.paths['/api/login']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(login?.properties ?? {})).toEqual(expect.arrayContaining(['username', 'password']));
    const vote = document.paths['/api/polls/vote']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(vote?.properties ?? {})).toEqual(expect.arrayContaining(['pollId', 'optionIndex']));
    const active = document.paths['/api/polls/active']?.get?.parameters ?? [];
    expect(active).toContainEqual(expect.objectContaining({ in: 'query', name: 'contentId' }));
  });

  it('serves the browsable UI as HTML, not the web app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = response.statusCode === 302 ? await t.app.inject({ method: 'GET', url: response.headers.location as string }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toMatch(/swagger/i);
    expect(page.body).not.toMatch(/OnAir app/);
  });

  it('keeps the 400 that names the field: the schemas document, parseOr400 validates', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'someone' } });
    expect(response.statusCode).toBe(400);
    expect(response.body).toMatch(/password/);
  });
});
