import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type ChatMessage, ChatSendRequestSchema, DAY_MS, type ModerationItem, rooms } from '@onair/protocol';
import { notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { ChatMessagesTable, Database, UserRow } from '../../db/schema.ts';
import { announceModerationItem, flaggedItem, insertModerationItem } from '../moderation/queue.ts';
import { assertMayWrite } from '../moderation/timeouts.ts';
import { assertCanWatch } from '../monetization/access.ts';
import { scoreText } from '../moderation/scoring.ts';
import { POINTS } from '../rewards/ledger.ts';
import { pushPoints, recordReward } from '../rewards/service.ts';

const RATE_WINDOW_MS = 10_000;
export const CHAT_HISTORY = 50;

const roomFor = (contentId: number | null) => (contentId ? rooms.content(contentId) : rooms.lobby());

function selectMessages(db: Kysely<Database>) {
  return db
    .selectFrom('chatMessages')
    .innerJoin('users', 'users.id', 'chatMessages.userId')
    .select([
      'chatMessages.id',
      'chatMessages.contentId',
      'chatMessages.userId',
      'users.username',
      'chatMessages.message',
      'chatMessages.createdAt',
      'users.role',
      'users.subscription',
      'users.createdAt as memberSince',
    ]);
}

type Author = Pick<UserRow, 'role' | 'subscription'> & { memberSince: number };
type MessageRow = Author & { id: number; contentId: number | null; userId: number; username: string; message: string; createdAt: number };

/** Accounts younger than this are labelled New Viewers. */
export const NEW_VIEWER_DAYS = 7;

export function audienceOf(author: Author, now = Date.now()): ChatMessage['audience'] {
  if (author.role === 'admin') return 'moderator';
  if (author.subscription !== 'free') return 'vip';
  if (now - author.memberSince < NEW_VIEWER_DAYS * DAY_MS) return 'new';
  return 'regular';
}

const present = (r: MessageRow): ChatMessage => ({
  id: r.id,
  contentId: r.contentId,
  userId: r.userId,
  username: r.username,
  message: r.message,
  timestamp: new Date(r.createdAt).toISOString(),
  audience: audienceOf(r),
});

/** The latest messages of a room, oldest first, without those moderation removed. */
export async function recentMessages(app: FastifyInstance, contentId: number | null, limit = CHAT_HISTORY): Promise<ChatMessage[]> {
  let query = selectMessages(app.db.kysely).where('chatMessages.hidden', '=', 0);
  query = contentId ? query.where('chatMessages.contentId', '=', contentId) : query.where('chatMessages.contentId', 'is', null);
  const rows = await query.orderBy('chatMessages.createdAt', 'desc').orderBy('chatMessages.id', 'desc').limit(limit).execute();
  return rows.reverse().map(present);
}

// The statements every message runs, compiled once (db/compiled-once.ts): building and compiling them
// was about a third of a message's CPU.
const messageByKey = compiledOnce((db, p: { userId: number; key: string }) =>
  selectMessages(db).where('chatMessages.userId', '=', p.userId).where('chatMessages.idempotencyKey', '=', p.key),
);
const contentExists = compiledOnce((db, p: { id: number }) => db.selectFrom('content').select('id').where('id', '=', p.id));
type NewMessage = Omit<ChatMessagesTable, 'id' | 'hidden'>;
const insertMessage = compiledOnce((db, p: NewMessage) =>
  db
    .insertInto('chatMessages')
    .values({
      contentId: p.contentId,
      userId: p.userId,
      message: p.message,
      idempotencyKey: p.idempotencyKey,
      sentiment: p.sentiment,
      flagged: p.flagged,
      createdAt: p.createdAt,
    })
    .returning('id'),
);

async function findByIdempotencyKey(app: FastifyInstance, userId: number, key: string) {
  const row = await messageByKey.takeFirst(app.db.kysely, { userId, key });
  return row ? present(row) : undefined;
}

/**
 * Persists (one transaction), then broadcasts, then acknowledges. A retry with the same idempotency key returns the
 * stored message without a second row or a second broadcast.
 */
export async function sendChatMessage(app: FastifyInstance, user: UserRow, body: unknown): Promise<ChatMessage> {
  const input = parseOr400(ChatSendRequestSchema, body);
  const key = input.idempotencyKey ?? null;
  if (key) {
    const existing = await findByIdempotencyKey(app, user.id, key);
    if (existing) return existing;
  }
  await assertMayWrite(app.db.kysely, user.id);
  await enforceRateLimit(
    app.rateLimiter,
    `chat:${user.id}`,
    { limit: app.config.chatRateLimit, windowMs: RATE_WINDOW_MS },
    'You are sending messages too fast',
  );
  const contentId = input.contentId ?? null;
  if (contentId) {
    const exists = await contentExists.takeFirst(app.db.kysely, { id: contentId });
    if (!exists) throw notFound('contentId: no content with that id');
    await assertCanWatch(app.db.kysely, user, contentId);
  }

  const score = scoreText(input.message);
  const createdAt = Date.now();
  // The message, its moderation item and its points commit together, before anyone sees the message:
  // nothing that fails after the broadcast can turn a message others saw into an error for its author.
  let written: { id: number; queued: ModerationItem | null; points: number | null };
  try {
    written = await app.db.kysely.transaction().execute(async (trx) => {
      const { id } = (await insertMessage.takeFirst(trx, {
        contentId,
        userId: user.id,
        message: score.display,
        idempotencyKey: key,
        sentiment: score.sentiment,
        flagged: score.flag ? 1 : 0,
        createdAt,
      }))!;
      const item = flaggedItem(score, { kind: 'chat_message', targetId: id, contentId, original: input.message }, user);
      const queued = item ? await insertModerationItem(trx, item, user.username) : null;
      const points = await recordReward(trx, { userId: user.id, action: 'chat', points: POINTS.chat, ref: String(id), at: createdAt, counts: { messages: 1 } });
      return { id, queued, points };
    });
  } catch (error) {
    // The same key arrived twice at once: the first insert won; answer with its row.
    if (key && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(app, user.id, key);
      if (existing) return existing;
    }
    throw error;
  }

  const message = present({
    id: written.id,
    contentId,
    userId: user.id,
    username: user.username,
    message: score.display,
    createdAt,
    role: user.role,
    subscription: user.subscription,
    memberSince: user.createdAt,
  });
  app.io.to(roomFor(contentId)).emit('chat:message', message);
  app.metrics.chatMessages.inc();
  if (written.queued) announceModerationItem(app, written.queued);
  if (written.points !== null) {
    void pushPoints(app, user.id, 'chat', written.points).catch((error: unknown) => app.log.warn({ err: error }, 'could not push the new points total'));
  }
  return message;
}
