/**
 * A real server over a real database for a test: `buildServer()` driven with `inject`, plus helpers
 * that sign in and carry the session cookie like a browser would.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DialectName } from '../../src/db/index.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import { seedDemo, type DemoSeedOptions } from '../../src/db/seed/demo.ts';
import { buildServer, type ServerDeps } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/databases.ts';
import { composeJobs } from './jobs.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** A small but complete demo history: enough to compute every figure, quick to write. */
export const SMALL_SEED: DemoSeedOptions = { contentItems: 40, audienceSize: 50, viewEvents: 1500, liveItems: 3, chatMessages: 0, polls: 0, questions: 0 };

/** Just the demo accounts and a handful of items, for tests about something else. */
export const TINY_SEED: DemoSeedOptions = { contentItems: 5, audienceSize: 5, viewEvents: 50, liveItems: 1, chatMessages: 0, polls: 0, questions: 0 };

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent-web-dist',
    // Each app gets its own media folder; RTMP ingest only where a test asks for it.
    MEDIA_DIR: mkdtempSync(path.join(os.tmpdir(), 'onair-media-')),
    MEDIA_INGEST: 'false',
    ...overrides,
  });
}

export async function createTestApp(
  dialect: DialectName = 'sqlite',
  options: { seed?: DemoSeedOptions | false; env?: Record<string, string>; deps?: Partial<ServerDeps> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  if (options.seed !== false) await seedDemo(database.db.kysely, options.seed ?? SMALL_SEED);
  const config = testConfig(options.env);
  const app = await buildServer(config, { db: database.db, jobs: composeJobs, ...options.deps });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(response: LightMyRequestResponse): string {
  // A rotation may first clear the old cookie, then set the new one: the last one set is what a browser keeps.
  const cookie = response.cookies.findLast((c) => c.name === 'onair.sid' && c.value !== '');
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `onair.sid=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed ${response.statusCode}: ${response.body}`);
  return sessionCookie(response);
}

/** Listens on a free loopback port and answers the base URL (for real socket clients). */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}
