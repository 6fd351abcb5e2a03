/**
 * Demo seed step: seeded audience members chatted in the lobby and in the rooms of what is on air,
 * so the chat, the moderation queue and the community health figures have a history on a fresh demo.
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
import { SeededRandom } from './random.ts';

/** Flagged lines younger than this are still waiting for the admin. */
const PENDING_WINDOW_MS = 12 * 3600 * 1000;
/** Share of lines that are rude: a busy community's few percent. */
const RUDE_SHARE = 0.06;

/** What an audience says. */
const FRIENDLY = [
  'Hello from Lagos! 👋',
  'Great show tonight',
  'The sound is much better than last week',
  'Who else is watching from Brazil?',
  'Love this segment, please do more like it',
  'Can you play the opening track again?',
  'First time here, this is really good',
  'That interview was brilliant',
  'Greetings from Manila',
  'The picture froze for a second, fine now',
  'What time is the replay?',
  'This host is so funny',
  'Thanks for covering this story',
  'Big fan of the weekend edition',
  'Is there a podcast version of this?',
  'Amazing guest, learned a lot',
  'Good evening everyone',
  'The match commentary is on point',
  'Happy to be back for another episode',
  'Can we get subtitles in Spanish?',
  'This is boring, change the topic',
];

/** A few rude lines, so moderation has work to show. */
const RUDE = [
  'Worst episode so far, really disappointing',
  'I hate this awful segment, terrible and stupid',
  'This is shit, turn it off',
  'What the fuck was that call',
  'The referee is a damn idiot',
];

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

  const planned = [];
  for (let i = 0; i < count; i++) {
    const contentId = rng.pick(rooms);
    const age = contentId === null ? rng.int(1, 3 * 24 * 60) * 60_000 : rng.int(1, 180) * 60_000;
    const original = rng.pick(rng.chance(RUDE_SHARE) ? RUDE : FRIENDLY);
    planned.push({ contentId, userId: rng.pick(audience).id, original, createdAt: now - age, score: scoreText(original) });
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
