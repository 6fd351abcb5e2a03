/**
 * The view history behind an insights request, read only for the caller's own content.
 */
import type { Db } from '@onair/api/db';
import type { CreatorHistory } from './insights.ts';
import { DAY_MS } from '@onair/protocol';


export async function loadCreatorHistory(db: Db, contentId: number, userId: number | null, now = Date.now()): Promise<CreatorHistory | null> {
  if (userId === null) return null;
  const k = db.kysely;
  const item = await k.selectFrom('content').select(['id', 'creatorId', 'durationSeconds', 'language']).where('id', '=', contentId).executeTakeFirst();
  if (!item || item.creatorId !== userId) return null;

  const since90 = now - 90 * DAY_MS;
  const views = await k
    .selectFrom('viewEvents')
    .select(['device', 'createdAt'])
    .where('contentId', '=', contentId)
    .where('createdAt', '>=', since90)
    .execute();
  const inRange = (from: number, to: number) => views.filter((v) => v.createdAt >= now - from * DAY_MS && v.createdAt < now - to * DAY_MS);
  const hours = new Array<number>(24).fill(0);
  for (const v of views) hours[new Date(v.createdAt).getUTCHours()]! += 1;
  const peak = Math.max(...hours);
  const mobileShare = (list: { device: string }[]) => (list.length ? list.filter((v) => v.device === 'mobile').length / list.length : null);

  const catalogue = await k
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select((eb) => [eb.fn.avg<number>('viewEvents.watchSeconds').as('avgWatch')])
    .where('content.creatorId', '=', userId)
    .where('content.id', '!=', contentId)
    .where('viewEvents.createdAt', '>=', since90)
    .executeTakeFirst();
  const weekly = async (from: number, to: number) => {
    const row = await k
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('content.creatorId', '=', userId)
      .where('viewEvents.createdAt', '>=', now - from * DAY_MS)
      .where('viewEvents.createdAt', '<', now - to * DAY_MS)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const [catalogueViewsLast7, catalogueViewsPrev7] = await Promise.all([weekly(7, 0), weekly(14, 7)]);

  return {
    item: {
      durationSeconds: item.durationSeconds,
      language: item.language,
      viewsLast7: inRange(7, 0).length,
      viewsPrev7: inRange(14, 7).length,
      peakHourUtc: peak > 0 ? hours.indexOf(peak) : null,
      mobileShareRecent: mobileShare(inRange(14, 0)),
      mobileSharePrev: mobileShare(inRange(28, 14)),
    },
    catalogueAvgWatchSeconds: catalogue?.avgWatch != null ? Number(catalogue.avgWatch) : null,
    catalogueViewsLast7,
    catalogueViewsPrev7,
  };
}
