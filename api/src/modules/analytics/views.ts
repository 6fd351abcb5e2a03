import type { FastifyInstance } from 'fastify';
import type { NewViewEvent } from '../../db/schema.ts';
import { POINTS } from '../rewards/ledger.ts';
import { rewardAction } from '../rewards/service.ts';
import { countViews } from './view-counters.ts';
import { countActivity } from '../rewards/activity.ts';

/** Shorter visits are zapping, not watching: they are not recorded. */
export const MIN_WATCH_SECONDS = 5;
/** Country code for viewers whose country is not known. */
export const UNKNOWN_COUNTRY = 'ZZ';

/**
 * Records a finished view, with the running counters in the same transaction, and pays its watch
 * points (one per full minute, once per view).
 */
export async function recordView(app: FastifyInstance, view: NewViewEvent): Promise<number | null> {
  if (view.watchSeconds < MIN_WATCH_SECONDS) return null;
  const id = await app.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.insertInto('viewEvents').values(view).returning('id').executeTakeFirstOrThrow();
    await countViews(trx, [view]);
    if (view.userId) await countActivity(trx, view.userId, view.createdAt, { watchSeconds: view.watchSeconds });
    return row.id;
  });
  if (view.userId) {
    await rewardAction(app, {
      userId: view.userId,
      action: 'watch',
      points: Math.floor(view.watchSeconds / 60) * POINTS.watchMinute,
      ref: String(id),
    });
  }
  return id;
}
