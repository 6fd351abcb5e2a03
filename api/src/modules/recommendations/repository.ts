import type { Kysely } from 'kysely';
import type { AiRecommendation } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';

export async function storedRecommendations(db: Kysely<Database>, userId: number): Promise<AiRecommendation[]> {
  const rows = await db
    .selectFrom('aiRecommendations')
    .innerJoin('content', 'content.id', 'aiRecommendations.contentId')
    .select([
      'aiRecommendations.contentId',
      'aiRecommendations.confidence',
      'aiRecommendations.signal',
      'aiRecommendations.reason',
      'content.title',
      'content.category',
      'content.type',
    ])
    .where('aiRecommendations.userId', '=', userId)
    .orderBy('aiRecommendations.rank')
    .execute();
  return rows.map((r) => ({
    contentId: r.contentId,
    title: r.title,
    category: r.category ?? r.type,
    type: r.type,
    reason: r.reason,
    signal: r.signal,
    confidence: Number(r.confidence),
  }));
}

export async function lastRun(db: Kysely<Database>, userId: number) {
  return db.selectFrom('recommendationRuns').selectAll().where('userId', '=', userId).executeTakeFirst();
}

export async function likeCount(db: Kysely<Database>, contentId: number): Promise<number> {
  const row = await db
    .selectFrom('contentLikes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contentId', '=', contentId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
