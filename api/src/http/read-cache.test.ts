/**
 * The read cache over a real database on both dialects: answers come from memory until a write to a
 * table they read (seen through the database's WriteWatch, in or out of a transaction, once committed),
 * writes to other tables leave them, the lifetime ends them, and concurrent misses compute once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../test-support/databases.ts';
import { writtenTables } from '../db/write-watch.ts';
import { ReadCache } from './read-cache.ts';

const dialects = await testDialects();

describe.each(dialects)('read cache (%s)', (dialect) => {
  let t: TestDatabase;
  let clock = 1_000_000;
  let cache: ReadCache<string>;
  let computed = 0;
  const titles = async () => {
    computed += 1;
    const rows = await t.db.kysely.selectFrom('content').select('title').orderBy('id').execute();
    return JSON.stringify(rows.map((r) => r.title));
  };
  const addContent = (title: string) =>
    t.db.kysely
      .insertInto('content')
      .values({ creatorId: null, title, description: null, type: 'tv', category: null, status: 'published', durationSeconds: 0, language: 'en', createdAt: Date.now(), liveSince: null })
      .execute();

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    cache = new ReadCache<string>(t.db.writes, { tables: ['content', 'media_assets'], ttlMs: 1000, now: () => clock });
  });
  afterAll(async () => {
    cache.close();
    await t.destroy();
  });

  it('serves the same JSON from memory until the lifetime ends', async () => {
    await addContent('First');
    const first = await cache.get('all', titles);
    expect(JSON.parse(first)).toEqual(['First']);
    const before = computed;
    expect(await cache.get('all', titles)).toBe(first);
    expect(computed).toBe(before);
    clock += 1001;
    await cache.get('all', titles);
    expect(computed).toBe(before + 1);
  });

  it('drops answers at a write to a table they read, inside a transaction too', async () => {
    await cache.get('all', titles);
    await addContent('Second');
    expect(JSON.parse(await cache.get('all', titles))).toEqual(['First', 'Second']);
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('content').set({ title: 'Renamed' }).where('title', '=', 'First').execute();
    });
    expect(JSON.parse(await cache.get('all', titles))).toEqual(['Renamed', 'Second']);
  });

  it('hears a transaction\'s writes when it commits, and a rolled-back transaction\'s never', async () => {
    const heard: string[][] = [];
    const stop = t.db.writes.onWrite((tables) => heard.push([...tables]));
    try {
      await t.db.kysely.transaction().execute(async (trx) => {
        await trx.updateTable('content').set({ title: 'Renamed again' }).where('title', '=', 'Renamed').execute();
        await trx.insertInto('reachCountries').values({ country: 'BE' }).execute();
        expect(heard).toEqual([]);
      });
      expect(heard.map((tables) => tables.sort())).toEqual([['content', 'reach_countries']]);
      await expect(
        t.db.kysely.transaction().execute(async (trx) => {
          await trx.updateTable('content').set({ title: 'Never' }).execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(heard).toHaveLength(1);
      await t.db.kysely.deleteFrom('reachCountries').where('country', '=', 'BE').execute();
      expect(heard).toEqual([['content', 'reach_countries'], ['reach_countries']]);
    } finally {
      stop();
    }
  });

  it('does not keep an answer read while a write to its tables was not yet committed', async () => {
    clock += 5000;
    let readDuringWrite: Promise<string> | undefined;
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('content').set({ title: 'Committed' }).where('title', '=', 'Renamed again').execute();
      readDuringWrite = cache.get('all', titles);
      // Postgres reads on another pooled connection and sees the old title; SQLite has one connection,
      // so there the read waits for the commit.
      if (dialect === 'postgres') expect(JSON.parse(await readDuringWrite)).toEqual(['Renamed again', 'Second']);
    });
    await readDuringWrite;
    expect(JSON.parse(await cache.get('all', titles))).toEqual(['Committed', 'Second']);
  });

  it('keeps answers when other tables are written', async () => {
    await cache.get('all', titles);
    const before = computed;
    await t.db.kysely.insertInto('reachCountries').values({ country: 'NL' }).execute();
    await t.db.kysely.deleteFrom('reachCountries').where('country', '=', 'NL').execute();
    await cache.get('all', titles);
    expect(computed).toBe(before);
  });

  it('computes once for concurrent misses of one key', async () => {
    clock += 5000;
    const before = computed;
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('all', titles)));
    expect(new Set(answers).size).toBe(1);
    expect(computed).toBe(before + 1);
  });
});

describe('writtenTables', () => {
  it('names the table of inserts, updates, deletes and none for reads', async () => {
    const [dialect] = dialects;
    const t = await createTestDatabase(dialect!);
    try {
      const db = t.db.kysely;
      expect(writtenTables(db.insertInto('mediaAssets').values({} as never).toOperationNode())).toEqual(['media_assets']);
      expect(writtenTables(db.updateTable('content as c').set({ title: 'x' }).toOperationNode())).toEqual(['content']);
      expect(writtenTables(db.deleteFrom('users').toOperationNode())).toEqual(['users']);
      expect(writtenTables(db.selectFrom('content').selectAll().toOperationNode())).toEqual([]);
    } finally {
      await t.destroy();
    }
  });
});
