/**
 * GET /api/admin/content-metrics: the content tab. Views and watch time come from view events in the
 * period, likes from likes given in the period, comments from visible chat messages on the item in
 * the period; ratings are standing opinions, so avgRating is over all time.
 */
import { sql, type Kysely } from 'kysely';
import { adminPeriodMs, TOP_RATED_MIN_RATINGS, type ContentMetrics, type ContentMetricsQuery } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { deviceSplit, peakHours, round1, shareOf } from './metrics-sql.ts';

type Period = ContentMetrics['period'];

async function countsByContent(
  db: Kysely<Database>,
  ids: number[],
  from: number,
  to: number,
): Promise<{ likes: Map<number, number>; comments: Map<number, number>; ratings: Map<number, { avg: number; n: number }> }> {
  if (ids.length === 0) return { likes: new Map(), comments: new Map(), ratings: new Map() };
  const [likes, comments, ratings] = await Promise.all([
    db
      .selectFrom('contentLikes')
      .select(['contentId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('contentId', 'in', ids)
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .groupBy('contentId')
      .execute(),
    db
      .selectFrom('chatMessages')
      .select(['contentId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('contentId', 'in', ids)
      .where('hidden', '=', 0)
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .groupBy('contentId')
      .execute(),
    db
      .selectFrom('contentRatings')
      .select(['contentId', (eb) => eb.fn.avg<number>('rating').as('avg'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('contentId', 'in', ids)
      .groupBy('contentId')
      .execute(),
  ]);
  return {
    likes: new Map(likes.map((r) => [r.contentId, Number(r.n)])),
    comments: new Map(comments.map((r) => [r.contentId!, Number(r.n)])),
    ratings: new Map(ratings.map((r) => [r.contentId, { avg: round1(Number(r.avg)), n: Number(r.n) }])),
  };
}

async function mostViewed(db: Kysely<Database>, from: number, to: number, limit: number) {
  const rows = await db
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select([
      'content.id',
      'content.title',
      'content.type',
      'content.category',
      'content.durationSeconds',
      (eb) => eb.fn.countAll<number>().as('views'),
    ])
    .where('viewEvents.createdAt', '>=', from)
    .where('viewEvents.createdAt', '<', to)
    .groupBy(['content.id', 'content.title', 'content.type', 'content.category', 'content.durationSeconds'])
    .orderBy('views', 'desc')
    .orderBy('content.id', 'asc')
    .limit(limit)
    .execute();
  const { likes, comments, ratings } = await countsByContent(db, rows.map((r) => r.id), from, to);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    category: r.category,
    duration: r.durationSeconds,
    views: Number(r.views),
    likes: likes.get(r.id) ?? 0,
    comments: comments.get(r.id) ?? 0,
    avgRating: ratings.get(r.id)?.avg ?? null,
    ratings: ratings.get(r.id)?.n ?? 0,
  }));
}

async function categoryPerformance(db: Kysely<Database>, from: number, to: number) {
  const [rows, library] = await Promise.all([
    db
      .selectFrom('viewEvents')
      .innerJoin('content', 'content.id', 'viewEvents.contentId')
      .select([
        'content.category',
        (eb) => eb.fn.countAll<number>().as('views'),
        (eb) => eb.fn.count<number>('viewEvents.viewerKey').distinct().as('viewers'),
        (eb) => eb.fn.avg<number>('viewEvents.watchSeconds').as('avgWatch'),
      ])
      .where('viewEvents.createdAt', '>=', from)
      .where('viewEvents.createdAt', '<', to)
      .groupBy('content.category')
      .execute(),
    db.selectFrom('content').select(['category', (eb) => eb.fn.countAll<number>().as('items')]).groupBy('category').execute(),
  ]);
  const items = new Map(library.map((r) => [r.category, Number(r.items)]));
  const total = rows.reduce((sum, r) => sum + Number(r.views), 0);
  return rows
    .map((r) => ({
      category: r.category,
      items: items.get(r.category) ?? 0,
      views: Number(r.views),
      viewers: Number(r.viewers),
      avgWatchSeconds: Math.round(Number(r.avgWatch)),
      share: shareOf(Number(r.views), total),
    }))
    .sort((a, b) => b.views - a.views);
}

async function totals(db: Kysely<Database>, from: number, to: number): Promise<ContentMetrics['totals']> {
  const [views, likes, comments, library] = await Promise.all([
    db
      .selectFrom('viewEvents')
      .select([
        (eb) => eb.fn.countAll<number>().as('views'),
        (eb) => eb.fn.count<number>('viewerKey').distinct().as('viewers'),
        sql<number>`coalesce(sum(watch_seconds), 0)`.as('seconds'),
      ])
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contentLikes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chatMessages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contentId', 'is not', null)
      .where('hidden', '=', 0)
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('content')
      .select([
        (eb) => eb.fn.countAll<number>().as('all'),
        sql<number>`coalesce(sum(case when created_at >= ${from} and created_at < ${to} then 1 else 0 end), 0)`.as('fresh'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    views: Number(views.views),
    viewers: Number(views.viewers),
    watchHours: round1(Number(views.seconds) / 3600),
    likes: Number(likes.n),
    comments: Number(comments.n),
    contentCount: Number(library.all),
    newContent: Number(library.fresh),
  };
}

/** All-time ratings: the community panel's totals and its top-rated list. */
async function community(db: Kysely<Database>, limit: number): Promise<ContentMetrics['community']> {
  const [all, top] = await Promise.all([
    db
      .selectFrom('contentRatings')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.avg<number>('rating').as('avg')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('contentRatings')
      .innerJoin('content', 'content.id', 'contentRatings.contentId')
      .select([
        'content.id',
        'content.title',
        'content.type',
        (eb) => eb.fn.avg<number>('contentRatings.rating').as('avg'),
        (eb) => eb.fn.countAll<number>().as('n'),
      ])
      .groupBy(['content.id', 'content.title', 'content.type'])
      .having((eb) => eb.fn.countAll(), '>=', TOP_RATED_MIN_RATINGS)
      .orderBy('avg', 'desc')
      .orderBy('n', 'desc')
      .orderBy('content.id', 'asc')
      .limit(limit)
      .execute(),
  ]);
  const n = Number(all.n);
  return {
    ratings: n,
    avgRating: n > 0 ? round1(Number(all.avg)) : null,
    topRated: top.map((r) => ({ id: r.id, title: r.title, type: r.type, avgRating: round1(Number(r.avg)), ratings: Number(r.n) })),
  };
}

export async function contentMetrics(
  db: Kysely<Database>,
  query: { period: Period; limit: number } & Partial<ContentMetricsQuery>,
  now = Date.now(),
): Promise<ContentMetrics> {
  const to = now + 1;
  const from = now - adminPeriodMs(query.period);
  const [items, categories, sums, peaks, devices, ratings] = await Promise.all([
    mostViewed(db, from, to, query.limit),
    categoryPerformance(db, from, to),
    totals(db, from, to),
    peakHours(db, from, to),
    deviceSplit(db, from, to),
    community(db, query.limit),
  ]);
  return {
    period: query.period,
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    items,
    categories,
    totals: sums,
    peakHours: peaks,
    devices,
    community: ratings,
  };
}
