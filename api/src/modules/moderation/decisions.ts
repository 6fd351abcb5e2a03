/**
 * Approve and Reject: the decision is recorded (who, when) on the item and in the admin log. Reject
 * hides the message or question from everyone, tells the room so open chats drop it at once, and can
 * time the author out of chat (and tells them so).
 */
import type { FastifyInstance } from 'fastify';
import { rooms, type ModerationDecision, type ModerationDecisionRequest } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordAdminAction } from '../admin/activity.ts';
import { announceQuestionHidden } from '../qna/service.ts';
import { notify } from '../notifications/service.ts';
import { findItem } from './admin-queue.ts';
import { describeTimeout } from './timeouts.ts';

type Verdict = 'approved' | 'rejected';

export async function decideModerationItem(
  app: FastifyInstance,
  admin: UserRow,
  id: number,
  verdict: Verdict,
  options: ModerationDecisionRequest = {},
  now = Date.now(),
): Promise<ModerationDecision> {
  const db = app.db.kysely;
  const timeoutUntil = verdict === 'rejected' && options.timeoutMinutes ? now + options.timeoutMinutes * 60_000 : null;

  const item = await db.transaction().execute(async (trx) => {
    // Only a pending item can be decided; the status check in the update makes two admins deciding
    // the same item at once safe: one update wins, the other sees zero rows.
    const current = await trx.selectFrom('moderationItems').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound('No moderation item with that id');
    const updated = await trx
      .updateTable('moderationItems')
      .set({ status: verdict, decidedBy: admin.id, decidedAt: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw conflict(`This item was already ${current.status}`);

    if (verdict === 'rejected') {
      if (current.kind === 'chat_message') {
        await trx.updateTable('chatMessages').set({ hidden: 1 }).where('id', '=', current.targetId).execute();
      } else {
        await trx.updateTable('questions').set({ hidden: 1 }).where('id', '=', current.targetId).execute();
      }
      if (timeoutUntil !== null) {
        await trx
          .insertInto('chatTimeouts')
          .values({ userId: current.authorId, until: timeoutUntil, reason: current.reason, moderationItemId: id, createdBy: admin.id, createdAt: now })
          .execute();
      }
    }
    await recordAdminAction(
      trx,
      {
        adminId: admin.id,
        action: verdict === 'approved' ? 'moderation.approve' : 'moderation.reject',
        targetUserId: current.authorId,
        targetId: id,
        detail: timeoutUntil !== null ? `timed out for ${options.timeoutMinutes} min` : null,
      },
      now,
    );
    return current;
  });

  if (verdict === 'rejected' && item.kind === 'chat_message') {
    const room = item.contentId ? rooms.content(item.contentId) : rooms.lobby();
    app.io.to(room).emit('chat:hidden', { messageId: item.targetId, contentId: item.contentId });
  } else if (verdict === 'rejected') {
    await announceQuestionHidden(app, { id: item.targetId, contentId: item.contentId, askerId: item.authorId });
  }
  if (timeoutUntil !== null) {
    // Told at once (a notification, which the open app shows), not only when they next try to write.
    const { at, minutes } = describeTimeout(timeoutUntil, now);
    const what = item.kind === 'chat_message' ? 'chat message' : 'question';
    await notify(app, { userId: item.authorId, senderId: null, text: `A moderator removed your ${what} and timed you out of chat and Q&A for ${minutes}, ${at}.` });
  }
  const decided = (await findItem(db, id))!;
  app.io.to(rooms.admin()).emit('moderation:decided', decided);
  return { item: decided, timedOutUntil: timeoutUntil === null ? null : new Date(timeoutUntil).toISOString() };
}
