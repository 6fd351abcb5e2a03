import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackgroundCheckpoints, type Checkpoint } from './checkpointer.ts';
import { openDatabase, type Db } from './dialect.ts';

const ROWS = 200;
const ROW_BYTES = 16 * 1024;

describe('SQLite checkpoints on a thread of their own', () => {
  let dir: string;
  let file: string;
  let db: Db | undefined;

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'onair-checkpoints-'));
    file = path.join(dir, 'onair.db');
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function writeRows(target: Db) {
    await sql`create table blobs (id integer primary key, body blob not null)`.execute(target.kysely);
    // Many commits, as an API's traffic makes them: each appends its pages to the log.
    for (let i = 0; i < ROWS; i++) await sql`insert into blobs (body) values (randomblob(${ROW_BYTES}))`.execute(target.kysely);
  }

  it('the connection never checkpoints; the thread copies the log into the database file', async () => {
    const checkpoints: Checkpoint[] = [];
    db = openDatabase(file, { backgroundCheckpoints: { intervalMs: 50, onCheckpoint: (c) => checkpoints.push(c) } });
    const { rows } = await sql<{ walAutocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely);
    expect(rows[0]!.walAutocheckpoint).toBe(0);

    await writeRows(db);
    // With the connection's own checkpoints off, only the thread grows the database file past the log.
    await expect.poll(() => checkpoints.length > 0 && statSync(file).size > ROWS * ROW_BYTES, { timeout: 10_000, interval: 50 }).toBe(true);
    expect(checkpoints.every((c) => c.checkpointedFrames > 0 && c.checkpointedFrames <= c.logFrames)).toBe(true);
  });

  it('closing checkpoints what is left and removes the log', async () => {
    db = openDatabase(file, { backgroundCheckpoints: { intervalMs: 60_000 } });
    await writeRows(db);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(ROWS * ROW_BYTES);
    await db.close();
    db = undefined;
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = new SQLite(file, { readonly: true });
    try {
      expect(reopened.prepare('select count(*) as n from blobs').get()).toEqual({ n: ROWS });
    } finally {
      reopened.close();
    }
  });

  it('without its thread, the connection goes back to checkpointing inside commits', async () => {
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    const errors: string[] = [];
    // The thread cannot open this file, so it fails at once.
    const checkpoints = new BackgroundCheckpoints(sqlite, path.join(dir, 'missing', 'onair.db'), { onError: (message) => errors.push(message) });
    try {
      await expect.poll(() => errors.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(errors[0]).toMatch(/checkpoint thread failed/);
      await expect.poll(() => sqlite.pragma('wal_autocheckpoint', { simple: true }), { timeout: 10_000 }).toBe(1000);
    } finally {
      await checkpoints.stop();
      sqlite.close();
    }
  });
});
