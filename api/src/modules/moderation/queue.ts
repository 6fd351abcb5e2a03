import type { FastifyInstance } from 'fastify';
import { rooms, type ModerationItem } from '@onair/protocol';
import type { Kysely } from 'kysely';
import type { Database, ModerationItemsTable } from '../../db/schema.ts';
import type { TextScore } from './scoring.ts';

type NewItem = Pick<ModerationItemsTable, 'kind' | 'targetId' | 'contentId' | 'authorId' | 'severity' | 'reason' | 'excerpt'>;

/** Queues a flagged message or question and tells the admins at once. */
export async function queueForModeration(app: FastifyInstance, item: NewItem, authorName: string): Promise<ModerationItem> {
  const queued = await insertModerationItem(app.db.kysely, item, authorName);
  announceModerationItem(app, queued);
  return queued;
}

/** Tells the admins' screens about a queued item (after its transaction has committed). */
export function announceModerationItem(app: FastifyInstance, queued: ModerationItem) {
  app.io.to(rooms.admin()).emit('moderation:new', queued);
}

/** The database half of queueForModeration, for callers writing inside a transaction. */
export async function insertModerationItem(db: Kysely<Database>, item: NewItem, authorName: string): Promise<ModerationItem> {
  const createdAt = Date.now();
  const row = await db
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
  return queued;
}

type Written = { kind: ModerationItemsTable['kind']; targetId: number; contentId: number | null; original: string };

/** The queue item for what scoring flagged; null for clean text. */
export function flaggedItem(score: TextScore, written: Written, author: { id: number }): NewItem | null {
  if (!score.flag) return null;
  return {
    kind: written.kind,
    targetId: written.targetId,
    contentId: written.contentId,
    authorId: author.id,
    severity: score.flag.severity,
    reason: score.flag.reason,
    excerpt: written.original,
  };
}

/** Queues what viewers wrote when scoring flagged it; does nothing for clean text. */
export async function queueIfFlagged(app: FastifyInstance, score: TextScore, written: Written, author: { id: number; username: string }): Promise<void> {
  const item = flaggedItem(score, written, author);
  if (item) await queueForModeration(app, item, author.username);
}
