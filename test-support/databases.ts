/**
 * Real databases for tests: a fresh SQLite file, and a fresh Postgres database on the local server.
 * Postgres runs whenever it answers; under CI=true it must answer, so a broken setup fails loudly
 * instead of skipping.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase, postgresClientConfig, type Db, type DialectName } from '@onair/api/db';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://127.0.0.1:5432/test';

let postgresProbe: Promise<boolean> | undefined;

export function postgresAvailable(): Promise<boolean> {
  postgresProbe ??= (async () => {
    const client = new pg.Client({ ...postgresClientConfig(TEST_POSTGRES_URL), connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`Postgres is required in CI but ${TEST_POSTGRES_URL} failed: ${String(error)}`);
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return postgresProbe;
}

/** The dialects this run covers: SQLite always, Postgres when reachable (always in CI). */
export async function testDialects(): Promise<DialectName[]> {
  return (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  url: string;
  db: Db;
  /** Closes the connection and removes the file or database. */
  destroy(): Promise<void>;
}

let counter = 0;

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(postgresClientConfig(TEST_POSTGRES_URL));
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, migrated, empty database of the given kind. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-test-'));
    const url = path.join(dir, 'onair.db');
    const db = openDatabase(url);
    await migrateToLatest(db);
    return {
      url,
      db,
      async destroy() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `onair_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await withAdminClient((c) => c.query(`create database ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = openDatabase(url.toString(), { poolSize: 5 });
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db,
    async destroy() {
      await db.close();
      await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
