/**
 * The `views` part of `npm run bench:realtime`: a stopping API process records every view it holds at
 * once (presence.ts hands them to `recordViews`), and the cluster gives it a few seconds to stop. This
 * times that for a big stream's worth of ended views, a third of them signed in, through OnAir's whole
 * path (the events, the running view counters, the viewers' day totals and watch points, in one
 * transaction), beside the floor in the same run: the same events inserted alone, a few hundred per
 * statement, in a transaction of their own on the same database. On SQLite, and on Postgres when the
 * test server is up, as the scale-out runs. Wall time, since Postgres does its part in its own process.
 */
import type { FastifyInstance } from 'fastify';
import { createTestApp, SMALL_SEED } from '../test/support/app.ts';
import { testDialects } from '../../test-support/databases.ts';
import { median } from '../../test-support/stats.ts';
import { recordViews } from '../src/modules/analytics/views.ts';
import { chunks } from '../src/db/batches.ts';
import type { NewViewEvent } from '../src/db/schema.ts';
import { fmt } from './support.ts';

const VIEWS = Number(process.env.BENCH_VIEWS ?? 3000);
const ROUNDS = 3;

/** Milliseconds `work` takes. */
async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export async function endedViews() {
  console.log(`\nended views recorded at once (a stopping process's), ${VIEWS} a round, a third signed in; median of ${ROUNDS} rounds after a warm-up`);
  for (const dialect of await testDialects()) {
    const t = await createTestApp(dialect, { seed: SMALL_SEED });
    try {
      const app: FastifyInstance = t.app;
      const db = app.db.kysely;
      const items = await db.selectFrom('content').select('id').orderBy('id').limit(5).execute();
      const viewers = await db.selectFrom('users').select('id').orderBy('id').execute();
      // Each round's views are new viewers of the items (their pairs are new, as a big stream's are).
      const views = (round: number): NewViewEvent[] =>
        Array.from({ length: VIEWS }, (_, i) => {
          const userId = i % 3 === 0 ? viewers[i % viewers.length]!.id : null;
          const viewerKey = userId ? `u:${userId}` : `d:bench-${round}-${i}`;
          return { contentId: items[i % items.length]!.id, userId, viewerKey, device: 'web', country: 'GH', watchSeconds: 30 + (i % 600), createdAt: Date.now() - 3_600_000 };
        });
      const bareInsert = (rows: NewViewEvent[]) =>
        db.transaction().execute(async (trx) => {
          for (const chunk of chunks(rows)) await trx.insertInto('viewEvents').values(chunk).execute();
        });
      await recordViews(app, views(0));
      await bareInsert(views(0));
      const [onAir, bare] = [[] as number[], [] as number[]];
      for (let round = 1; round <= ROUNDS; round++) {
        onAir.push(await timed(() => recordViews(app, views(round))));
        bare.push(await timed(() => bareInsert(views(round))));
      }
      const [o, b] = [median(onAir), median(bare)];
      console.log(
        `  ${dialect.padEnd(8)} OnAir ${fmt(o, 0)} ms (rounds ${onAir.map((ms) => fmt(ms, 0)).join(', ')}), the events alone ${fmt(b, 0)} ms: ×${fmt(o / b, 1)}; ${fmt((o * 1000) / VIEWS, 0)} µs a view`,
      );
    } finally {
      await t.close();
    }
  }
}
