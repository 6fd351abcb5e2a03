/**
 * Demo seed step: seeded audience members chatted in the lobby and in the rooms of what is on air,
 * so the chat, the moderation queue and the community health figures have a history on a fresh demo.
 * The lines come from a phrase grammar per genre in each person's voice (chat-lines.ts).
 * Every line goes through the same scoring as a live message (sentiment and profanity), and what it
 * flags lands in the moderation queue: older items already decided by the admin (profanity rejected
 * and hidden, as a live rejection would hide it; a merely negative tone approved), the last 12 hours'
 * still pending.
 */
import type { Transaction } from 'kysely';
import { recordAdminAction } from '../../modules/admin/activity.ts';
import { scoreText } from '../../modules/moderation/scoring.ts';
import type { Database } from '../schema.ts';
import { demoAdmin, liveItems, seededAudience } from './cast.ts';
import { CATEGORIES, type Category } from './catalog.ts';
import { chatLine } from './chat-lines.ts';
import { SeededRandom } from './random.ts';

/** Flagged lines younger than this are still waiting for the admin. */
const PENDING_WINDOW_MS = 12 * 3600 * 1000;
/** Share of lines that are rude: a busy community's few percent. */
const RUDE_SHARE = 0.06;

export interface ChatSeedResult {
  messages: number;
  flagged: number;
}

export async function seedDemoChat(trx: Transaction<Database>, now: number, count: number): Promise<ChatSeedResult> {
  if (count <= 0) return { messages: 0, flagged: 0 };
  const rng = new SeededRandom(7373);
  const [audience, live, admin] = await Promise.all([
    seededAudience(trx),
    liveItems(trx),
    demoAdmin(trx),
  ]);
  if (audience.length === 0) return { messages: 0, flagged: 0 };
  // The lobby (null) gets a steady trickle over three days; live rooms their last three hours.
  const rooms: (number | null)[] = [null, ...live.map((c) => c.id)];
  const genreOf = new Map(live.map((c) => [c.id, c.category as Category]));

  const planned = [];
  for (let i = 0; i < count; i++) {
    const contentId = rng.pick(rooms);
    const age = contentId === null ? rng.int(1, 3 * 24 * 60) * 60_000 : rng.int(1, 180) * 60_000;
    const userId = rng.pick(audience).id;
    // The lobby talks about anything; a live room about its show.
    const genre = (contentId === null ? undefined : genreOf.get(contentId)) ?? rng.pick(CATEGORIES);
    const original = chatLine(rng, userId, genre, rng.chance(RUDE_SHARE));
    planned.push({ contentId, userId, original, createdAt: now - age, score: scoreText(original) });
  }
  planned.sort((a, b) => a.createdAt - b.createdAt);

  let flagged = 0;
  for (const p of planned) {
    const decided = p.score.flag && admin && now - p.createdAt > PENDING_WINDOW_MS;
    const rejected = decided && p.score.flag!.severity !== 'low';
    const { id } = await trx
      .insertInto('chatMessages')
      .values({
        contentId: p.contentId,
        userId: p.userId,
        message: p.score.display,
        idempotencyKey: null,
        sentiment: p.score.sentiment,
        flagged: p.score.flag ? 1 : 0,
        hidden: rejected ? 1 : 0,
        createdAt: p.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!p.score.flag) continue;
    flagged += 1;
    const decidedAt = decided ? p.createdAt + rng.int(2, 90) * 60_000 : null;
    const item = await trx
      .insertInto('moderationItems')
      .values({
        kind: 'chat_message',
        targetId: id,
        contentId: p.contentId,
        authorId: p.userId,
        severity: p.score.flag.severity,
        reason: p.score.flag.reason,
        excerpt: p.original,
        status: decided ? (rejected ? 'rejected' : 'approved') : 'pending',
        decidedBy: decided ? admin.id : null,
        decidedAt,
        createdAt: p.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (decided && decidedAt !== null) {
      const action = { adminId: admin.id, action: rejected ? 'moderation.reject' : 'moderation.approve', targetUserId: p.userId, targetId: item.id };
      await recordAdminAction(trx, action, decidedAt);
    }
  }
  return { messages: planned.length, flagged };
}
