import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { chunks } from '../../db/batches.ts';
import type { Database, NewViewEvent } from '../../db/schema.ts';
import { POINTS } from '../rewards/ledger.ts';
import { pushPoints, recordRewards } from '../rewards/service.ts';
import { countViews } from './view-counters.ts';

/** Shorter visits are zapping, not watching: they are not recorded. */
export const MIN_WATCH_SECONDS = 5;
/** Country code for viewers whose country is not known. */
export const UNKNOWN_COUNTRY = 'ZZ';

/**
 * Records a finished view, with the running counters in the same transaction, and pays its watch
 * points (one per full minute, once per view). Null: too short to record.
 */
export async function recordView(app: FastifyInstance, view: NewViewEvent): Promise<number | null> {
  const [id] = await recordViews(app, [view]);
  return id ?? null;
}

/**
 * Records finished views together, in one transaction with their counters and their watch points: a
 * node that stops ends every view it holds at once (thousands, at a big stream), and that is the time
 * a cluster gives a process to stop. Each signed-in viewer is paid once per view, a point a full
 * minute, referenced by the view's event. Answers each view's event id in the order given, null for
 * one too short to record.
 */
export async function recordViews(app: FastifyInstance, views: readonly NewViewEvent[]): Promise<(number | null)[]> {
  const recorded = (view: NewViewEvent) => view.watchSeconds >= MIN_WATCH_SECONDS;
  const kept = views.filter(recorded);
  if (kept.length === 0) return views.map(() => null);
  const { ids, totals } = await app.db.kysely.transaction().execute(async (trx) => {
    const keptIds = await insertViewEvents(trx, kept);
    await countViews(trx, kept);
    // The watch time goes into the day totals with the points, in one pass in lock order (db/locks.ts).
    // In a pass of its own, a view begun yesterday would lock its viewer's row for yesterday and another
    // viewer's for today, and the points' pass then the first viewer's for today: out of the (person,
    // day) order a vote batch on another process locks today's rows in.
    const totals = await recordRewards(
      trx,
      kept.flatMap((view, i) =>
        view.userId
          ? [
              {
                userId: view.userId,
                action: 'watch',
                points: Math.floor(view.watchSeconds / 60) * POINTS.watchMinute,
                ref: String(keptIds[i]),
                counts: { watchSeconds: view.watchSeconds },
                countsAt: view.createdAt,
              },
            ]
          : [],
      ),
    );
    let next = 0;
    return { ids: views.map((view) => (recorded(view) ? keptIds[next++]! : null)), totals };
  });
  for (const [userId, points] of totals) await pushPoints(app, userId, 'watch', points);
  return ids;
}

/** A view event's columns as one string: rows that share it are the same view twice, either id fits either. */
const viewKey = (v: NewViewEvent) => [v.contentId, v.userId ?? '', v.viewerKey, v.device, v.country, v.watchSeconds, Number(v.createdAt)].join('\u0000');

/**
 * Inserts the events a few hundred per statement and answers their ids in the order given. Neither
 * engine promises a multi-row RETURNING in the order of its VALUES, so each returned row is matched to
 * its view by its columns (rows alike in every column are interchangeable: the same viewer, item, time
 * and length). A row at a time cost a round trip each on Postgres.
 */
async function insertViewEvents(db: Kysely<Database>, views: readonly NewViewEvent[]): Promise<number[]> {
  const waiting = new Map<string, number[]>();
  for (const [i, view] of views.entries()) {
    const key = viewKey(view);
    const alike = waiting.get(key);
    if (alike) alike.push(i);
    else waiting.set(key, [i]);
  }
  const ids = new Array<number>(views.length);
  for (const chunk of chunks(views)) {
    const rows = await db.insertInto('viewEvents').values(chunk).returning(['id', 'contentId', 'userId', 'viewerKey', 'device', 'country', 'watchSeconds', 'createdAt']).execute();
    // Views alike take their ids in any order (pop, not shift: no copying however many there are).
    for (const row of rows) ids[waiting.get(viewKey(row))!.pop()!] = row.id;
  }
  return ids;
}
