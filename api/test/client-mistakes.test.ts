/**
 * "Nothing ever answers 500 for a client's mistake", checked across every route the server has
 * rather than route by route: each method of each path is called signed out and as each role, with
 * no body, invalid JSON, the wrong shape, fields of the wrong type and size, odd ids and odd query
 * strings. Any answer of 500 or more is a bug; the list of them is the failure message.
 *
 * The routes come from the server itself (`printRoutes`), so a route added later is swept too.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, TINY_SEED, type TestApp } from './support/app.ts';
import { testDialects } from '../../test-support/databases.ts';

interface Route {
  method: HTTPMethods;
  path: string;
}

/** Reads Fastify's route tree (`├── /api/content (GET, HEAD, POST)`, children indented by 4). */
export function listRoutes(app: FastifyInstance): Route[] {
  const parents: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push({ method: method as HTTPMethods, path });
  }
  return routes;
}

/** Field names the API reads somewhere, each given a value of the wrong type or an absurd size. */
const FIELDS = [
  'title', 'type', 'text', 'message', 'pollId', 'optionIndex', 'question', 'options', 'duration', 'durationMinutes',
  'contentId', 'targetLanguage', 'language', 'rating', 'period', 'region', 'role', 'reason', 'deviceId', 'status',
  'bitrate', 'resolution', 'destinations', 'configId', 'username', 'password', 'email', 'handle', 'displayName', 'bio',
  'analyticsData', 'latitude', 'longitude', 'location', 'watchSeconds', 'device', 'deviceType', 'country', 'idempotencyKey',
  'achievementId', 'priority', 'contentType', 'minutes', 'live', 'description', 'aiGenerated', 'model', 'name',
  'saveRecording', 'generatePodcast', 'audience', 'questionId', 'answered', 'category', 'categories', 'isLive',
];
const ODD_VALUES: unknown[] = [null, -1, 2 ** 31, 1e308, 'x'.repeat(20_000), [], {}, true, '💥\u0000', [1, 'a', null], { $gt: '' }, 1.5];

function poisoned(variant: number): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((field, i) => [field, ODD_VALUES[(i + variant) % ODD_VALUES.length]]));
}

const BODIES: { label: string; payload?: string }[] = [
  { label: 'no body' },
  { label: 'empty object', payload: '{}' },
  { label: 'invalid JSON', payload: '{"title": ' },
  { label: 'an array', payload: '[1,2,3]' },
  { label: 'a string', payload: '"hello"' },
  ...ODD_VALUES.map((_, variant) => ({ label: `odd fields #${variant}`, payload: JSON.stringify(poisoned(variant)) })),
];

const IDS = ['999999', 'abc', '-1', '0', '1.5', '2147483648', '99999999999999999999', '%00', '1'];

const QUERIES = [
  '',
  '?period=century&live=perhaps&limit=-1&page=x&offset=1e400&region=atlantis&contentId=abc&search=%25%00&type=spaceship&days=-7',
  '?period=&limit=99999999999&page=0&contentId=2147483648&live=true&live=false',
];

function concretePaths(path: string): string[] {
  if (!path.includes(':')) return [path];
  return IDS.map((id) => path.replace(/:[A-Za-z]+/g, id));
}

describe.each(await testDialects())('client mistakes never answer 500 (%s)', (dialect) => {
  let t: TestApp;
  const identities: { label: string; cookie?: string }[] = [{ label: 'signed out' }];
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { CHAT_RATE_LIMIT: '100000', VOTE_RATE_LIMIT: '100000' } });
    // The admin goes last: its calls may suspend or demote the others.
    for (const [username, password] of [
      ['viewer', 'viewer123'],
      ['creator', 'creator123'],
      ['admin', 'admin123'],
    ] as const) {
      identities.push({ label: username, cookie: await signIn(t.app, username, password) });
    }
  });
  afterAll(() => t?.close());

  it('sweeps every route with bad input as every identity', async () => {
    const routes = listRoutes(t.app).filter((r) => r.path.startsWith('/api/'));
    // The sweep only means something if it found the API: the spec's calls are all there.
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/polls/vote' });

    const failures: string[] = [];
    let calls = 0;
    for (const identity of identities) {
      for (const route of routes) {
        // Signing out mid-sweep would turn the rest into signed-out calls; that identity is covered.
        if (identity.cookie && route.path === '/api/logout') continue;
        for (const path of concretePaths(route.path)) {
          const variants: { url: string; label?: string; payload?: string }[] =
            route.method === 'GET' || route.method === 'DELETE' ? QUERIES.map((q) => ({ url: path + q })) : BODIES.map((b) => ({ url: path, ...b }));
          for (const { url, label, payload } of variants) {
            const response = await t.app.inject({
              method: route.method,
              url,
              headers: {
                ...(identity.cookie ? { cookie: identity.cookie } : {}),
                ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(payload !== undefined ? { payload } : {}),
            });
            calls += 1;
            if (response.statusCode >= 500) {
              const what = label ? ` with ${label}` : '';
              failures.push(`${identity.label}: ${route.method} ${url}${what} → ${response.statusCode} ${response.body.slice(0, 200)}`);
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);
});
