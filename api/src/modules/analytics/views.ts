import type { FastifyInstance } from 'fastify';
import type { NewViewEvent } from '../../db/schema.ts';
import { POINTS } from '../rewards/ledger.ts';
import { rewardAction } from '../rewards/service.ts';
import { countViews } from './view-counters.ts';
import { countActivities } from '../rewards/activity.ts';

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
 * Records finished views together, in one transaction with their counters: a node that stops ends
 * every view it holds at once (thousands, at a big stream), and a transaction each took most of the
 * time a cluster gives a process to stop. Then each signed-in viewer's watch points, paid once per
 * view. Answers each view's event id in the order given, null for one too short to record.
 */
export async function recordViews(app: FastifyInstance, views: readonly NewViewEvent[]): Promise<(number | null)[]> {
  const recorded = (view: NewViewEvent) => view.watchSeconds >= MIN_WATCH_SECONDS;
  const kept = views.filter(recorded);
  if (kept.length === 0) return views.map(() => null);
  const ids = await app.db.kysely.transaction().execute(async (trx) => {
    // One row at a time, so each view keeps its own id (a multi-row RETURNING promises no order): the
    // id is the watch reward's reference. Prepared once, each insert costs microseconds on SQLite.
    const ids: (number | null)[] = [];
    for (const view of views) {
      ids.push(recorded(view) ? (await trx.insertInto('viewEvents').values(view).returning('id').executeTakeFirstOrThrow()).id : null);
    }
    await countViews(trx, kept);
    await countActivities(
      trx,
      kept.flatMap((view) => (view.userId ? [{ userId: view.userId, at: view.createdAt, add: { watchSeconds: view.watchSeconds } }] : [])),
    );
    return ids;
  });
  for (const [i, view] of views.entries()) {
    const id = ids[i] ?? null;
    if (!view.userId || id === null) continue;
    await rewardAction(app, { userId: view.userId, action: 'watch', points: Math.floor(view.watchSeconds / 60) * POINTS.watchMinute, ref: String(id) });
  }
  return ids;
}
