import type { FastifyInstance } from 'fastify';
import { rooms, type ModerationItem } from '@onair/protocol';
import type { ModerationItemsTable } from '../../db/schema.ts';
import type { TextScore } from './scoring.ts';

type NewItem = Pick<ModerationItemsTable, 'kind' | 'targetId' | 'contentId' | 'authorId' | 'severity' | 'reason' | 'excerpt'>;

/** Queues a flagged message or question and tells the admins at once. */
export async function queueForModeration(app: FastifyInstance, item: NewItem, authorName: string): Promise<ModerationItem> {
  const createdAt = Date.now();
  const row = await app.db.kysely
    .insertInto('moderationItems')
    .values({ ...item, excerpt: item.excerpt.slice(0, 280), decidedBy: null, decidedAt: null, createdAt })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  const queued: ModerationItem = {
    id: row.id,
    kind: item.kind,
    targetId: item.targetId,
    severity: item.severity,
    reason: item.reason,
    excerpt: item.excerpt.slice(0, 280),
    authorId: item.authorId,
    authorName,
    status: row.status,
    createdAt: new Date(createdAt).toISOString(),
  };
  app.io.to(rooms.admin()).emit('moderation:new', queued);
  return queued;
}

/** Queues what viewers wrote when scoring flagged it; does nothing for clean text. */
export async function queueIfFlagged(
  app: FastifyInstance,
  score: TextScore,
  written: { kind: ModerationItemsTable['kind']; targetId: number; contentId: number | null; original: string },
  author: { id: number; username: string },
): Promise<void> {
  if (!score.flag) return;
  await queueForModeration(
    app,
    {
      kind: written.kind,
      targetId: written.targetId,
      contentId: written.contentId,
      authorId: author.id,
      severity: score.flag.severity,
      reason: score.flag.reason,
      excerpt: written.original,
    },
    author.username,
  );
}
