/**
 * Several processes on one SQLite file (API_PROCESSES > 1): a transaction that reads and then writes
 * must wait for the other process's writer, not fail. Deferred transactions fail here at once
 * (SQLITE_BUSY_SNAPSHOT) when the other process commits between their read and their write.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './dialect.ts';

const TRANSACTIONS = 150;
const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/read-then-write.ts');
const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-sqlite-processes-'));

describe('SQLite shared by processes', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs every read-then-write transaction of two processes writing at once', async () => {
    const file = path.join(dir, 'shared.db');
    const setup = openDatabase(file);
    await sql`create table burst (id integer primary key, seen integer not null)`.execute(setup.kysely);
    await setup.close();
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', fixture, file, String(TRANSACTIONS)]);
    const results = await Promise.all([run(), run()]);
    expect(results.map((r) => JSON.parse(r.stdout) as { failed: number })).toEqual([{ failed: 0 }, { failed: 0 }]);

    const check = openDatabase(file);
    const { rows } = await sql<{ n: number }>`select count(*) as n from burst`.execute(check.kysely);
    await check.close();
    expect(rows[0]!.n).toBe(2 * TRANSACTIONS);
  }, 60_000);
});
