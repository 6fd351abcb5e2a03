/**
 * Picks the database engine from DATABASE_URL: Postgres for `postgres://` / `postgresql://`, otherwise a
 * SQLite file (optionally written `file:path`). Both sit behind the same Kysely<Database>.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { watchWrites, WriteWatch } from './write-watch.ts';
import { QueuedSqliteDialect } from './sqlite-driver.ts';
import { BackgroundCheckpoints, type CheckpointOptions } from './checkpointer.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** This process's writes, table by table, as they commit (read caches listen). */
  writes: WriteWatch;
  close(): Promise<void>;
}

// Postgres returns bigint (int8) and numeric as strings; our times, counts and sums fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/**
 * Like libpq, fall back to the operating-system user when the URL names none: node-postgres reads only
 * $USER, which service managers and CI runners often leave unset.
 */
export function postgresClientConfig(url: string): pg.ClientConfig {
  const parsed = new URL(url);
  // node-postgres lets the connection string override separate fields, so the user goes into the URL.
  if (!parsed.username) parsed.username = process.env.PGUSER ?? process.env.USER ?? os.userInfo().username;
  return { connectionString: parsed.toString() };
}

export interface OpenOptions {
  /** Postgres: connections in the pool (default 10). */
  poolSize?: number;
  /**
   * SQLite file: checkpoint the log on a thread of its own rather than inside commits (checkpointer.ts).
   * For long-running processes (the API, the workers); short scripts and tests keep SQLite's default.
   */
  backgroundCheckpoints?: boolean | CheckpointOptions;
}

export function openDatabase(url: string, options: OpenOptions = {}): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ ...postgresClientConfig(url), max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover, admin command) must not crash the
    // process; the pool discards it and the next query opens a fresh one.
    pool.on('error', (error) => console.warn(`postgres: idle connection lost: ${error.message}`));
    const writes = new WriteWatch();
    const kysely = new Kysely<Database>({ dialect: watchWrites(new PostgresDialect({ pool }), writes), plugins: [new CamelCasePlugin()] });
    return { kysely, dialect: 'postgres', writes, close: () => kysely.destroy() };
  }
  const file = url.startsWith('file:') ? url.slice('file:'.length) : url;
  if (file !== ':memory:') restrictToOwner(file);
  const sqlite = new SQLite(file);
  // WAL lets readers proceed while a writer commits; a busy timeout instead of SQLITE_BUSY errors.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  const { backgroundCheckpoints } = options;
  const checkpoints =
    backgroundCheckpoints && file !== ':memory:' ? new BackgroundCheckpoints(sqlite, file, backgroundCheckpoints === true ? {} : backgroundCheckpoints) : null;
  const writes = new WriteWatch();
  const kysely = new Kysely<Database>({
    dialect: watchWrites(new QueuedSqliteDialect(sqlite), writes),
    plugins: [new CamelCasePlugin()],
  });
  return {
    kysely,
    dialect: 'sqlite',
    writes,
    close: async () => {
      // The thread's last checkpoint first; the connection closed last removes the log.
      await checkpoints?.stop();
      await kysely.destroy();
    },
  };
}

/**
 * The database holds password hashes, encrypted stream keys and sessions: only the account running
 * OnAir may read it. The file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm
 * files the database file's mode), and files left by an older version are tightened.
 */
function restrictToOwner(file: string) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
}
