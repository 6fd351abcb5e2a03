/**
 * GET /api/admin/moderation-queue: the items, the counters and the community health metrics, all
 * computed from the moderation items and the chat messages themselves.
 */
import { sql, type Kysely } from 'kysely';
import { type AdminModerationItem, COMMUNITY_HEALTH_DAYS, DAY_MS, type ModerationQueue } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';


function selectItems(db: Kysely<Database>) {
  return db
    .selectFrom('moderationItems')
    .innerJoin('users as author', 'author.id', 'moderationItems.authorId')
    .leftJoin('users as decider', 'decider.id', 'moderationItems.decidedBy')
    .selectAll('moderationItems')
    .select(['author.username as authorName', 'decider.username as deciderName']);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

export function presentItem(r: ItemRow): AdminModerationItem {
  return {
    id: r.id,
    kind: r.kind,
    targetId: r.targetId,
    contentId: r.contentId,
    severity: r.severity,
    reason: r.reason,
    excerpt: r.excerpt,
    authorId: r.authorId,
    authorName: r.authorName,
    status: r.status,
    createdAt: new Date(r.createdAt).toISOString(),
    decidedBy: r.deciderName,
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt).toISOString(),
  };
}

export async function findItem(db: Kysely<Database>, id: number): Promise<AdminModerationItem | undefined> {
  const row = await selectItems(db).where('moderationItems.id', '=', id).executeTakeFirst();
  return row ? presentItem(row) : undefined;
}

async function listItems(db: Kysely<Database>, limit: number): Promise<AdminModerationItem[]> {
  // Waiting items first, oldest first (the longest wait is answered first); then the latest decisions.
  const pending = await selectItems(db)
    .where('moderationItems.status', '=', 'pending')
    .orderBy('moderationItems.createdAt', 'asc')
    .orderBy('moderationItems.id', 'asc')
    .limit(limit)
    .execute();
  const decided =
    pending.length < limit
      ? await selectItems(db)
          .where('moderationItems.status', '!=', 'pending')
          .orderBy('moderationItems.decidedAt', 'desc')
          .orderBy('moderationItems.id', 'desc')
          .limit(limit - pending.length)
          .execute()
      : [];
  return [...pending, ...decided].map(presentItem);
}

async function counters(db: Kysely<Database>, now: number): Promise<ModerationQueue['counters']> {
  const startOfDay = Math.floor(now / DAY_MS) * DAY_MS;
  const row = await db
    .selectFrom('moderationItems')
    .select([
      sql<number>`coalesce(sum(case when status = 'pending' then 1 else 0 end), 0)`.as('pending'),
      sql<number>`coalesce(sum(case when status = 'approved' then 1 else 0 end), 0)`.as('approved'),
      sql<number>`coalesce(sum(case when status = 'rejected' then 1 else 0 end), 0)`.as('rejected'),
      sql<number>`coalesce(sum(case when created_at >= ${startOfDay} then 1 else 0 end), 0)`.as('today'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), approved: Number(row.approved), rejected: Number(row.rejected), today: Number(row.today) };
}

async function communityHealth(db: Kysely<Database>, now: number): Promise<ModerationQueue['health']> {
  const firstDay = Math.floor(now / DAY_MS) - (COMMUNITY_HEALTH_DAYS - 1);
  const from = firstDay * DAY_MS;
  const [messages, days, response, timeouts] = await Promise.all([
    db
      .selectFrom('chatMessages')
      .select([(eb) => eb.fn.countAll<number>().as('total'), sql<number>`coalesce(sum(flagged), 0)`.as('flagged')])
      .where('createdAt', '>=', from)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chatMessages')
      .select([
        sql<number>`(created_at / ${sql.lit(DAY_MS)})`.as('day'),
        (eb) => eb.fn.avg<number>('sentiment').as('avgSentiment'),
        (eb) => eb.fn.countAll<number>().as('messages'),
      ])
      .where('createdAt', '>=', from)
      .groupBy(sql`(created_at / ${sql.lit(DAY_MS)})`)
      .execute(),
    db
      .selectFrom('moderationItems')
      .select([sql<number | null>`avg(decided_at - created_at)`.as('avgMs'), (eb) => eb.fn.count<number>('decidedAt').as('decided')])
      .where('decidedAt', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chatTimeouts')
      .select((eb) => eb.fn.count<number>('userId').distinct().as('n'))
      .where('until', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(messages.total);
  const byDay = new Map(days.map((d) => [Number(d.day), d]));
  const sentimentTrend = Array.from({ length: COMMUNITY_HEALTH_DAYS }, (_, i) => {
    const day = firstDay + i;
    const row = byDay.get(day);
    return {
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      avgSentiment: row ? Math.round(Number(row.avgSentiment) * 1000) / 1000 : null,
      messages: row ? Number(row.messages) : 0,
    };
  });
  return {
    flagRate: total > 0 ? Math.round((Number(messages.flagged) / total) * 1000) / 10 : null,
    flaggedMessages: Number(messages.flagged),
    totalMessages: total,
    sentimentTrend,
    avgResponseSeconds: Number(response.decided) > 0 && response.avgMs != null ? Math.round(Number(response.avgMs) / 1000) : null,
    activeTimeouts: Number(timeouts.n),
  };
}

export async function moderationQueue(db: Kysely<Database>, limit: number, now = Date.now()): Promise<ModerationQueue> {
  const [items, counts, health] = await Promise.all([listItems(db, limit), counters(db, now), communityHealth(db, now)]);
  return { items, counters: counts, health };
}
