import type { FastifyInstance } from 'fastify';
import { QnaSubmitRequestSchema, rooms, type Question } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { assertCanWatch } from '../monetization/access.ts';
import { queueIfFlagged } from '../moderation/queue.ts';
import { scoreText } from '../moderation/scoring.ts';
import { assertMayWrite } from '../moderation/timeouts.ts';
import { POINTS } from '../rewards/ledger.ts';
import { rewardAction } from '../rewards/service.ts';
import { countActivity } from '../rewards/activity.ts';

export const QUESTION_RATE = { limit: 3, windowMs: 30_000 };

/**
 * The host of a question is the creator of its content; questions asked outside a content item (the
 * Interactions page) go to the admins, who host the lobby.
 */
async function hostOf(app: FastifyInstance, contentId: number | null): Promise<number | null> {
  if (!contentId) return null;
  const row = await app.db.kysely.selectFrom('content').select('creatorId').where('id', '=', contentId).executeTakeFirst();
  if (!row) throw notFound('contentId: no content with that id');
  return row.creatorId;
}

const hostRooms = (hostId: number | null) => (hostId ? [rooms.creator(hostId), rooms.admin()] : [rooms.admin()]);

function selectQuestions(app: FastifyInstance) {
  return app.db.kysely
    .selectFrom('questions')
    .innerJoin('users', 'users.id', 'questions.userId')
    .select(['questions.id', 'questions.contentId', 'questions.userId', 'users.username', 'questions.question', 'questions.answeredAt', 'questions.createdAt'])
    .where('questions.hidden', '=', 0);
}

type QuestionRow = { id: number; contentId: number | null; userId: number; username: string; question: string; answeredAt: number | null; createdAt: number };

const present = (r: QuestionRow): Question => ({
  id: r.id,
  contentId: r.contentId,
  userId: r.userId,
  username: r.username,
  question: r.question,
  answered: r.answeredAt !== null,
  answeredAt: r.answeredAt ? new Date(r.answeredAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function submitQuestion(app: FastifyInstance, user: UserRow, body: unknown): Promise<Question> {
  const input = parseOr400(QnaSubmitRequestSchema, body);
  await assertMayWrite(app.db.kysely, user.id);
  await enforceRateLimit(app.rateLimiter, `qna:${user.id}`, QUESTION_RATE, 'You are asking questions too fast');
  const contentId = input.contentId ?? null;
  const hostId = await hostOf(app, contentId);
  // Questions about a subscribers-only item come from those who may watch it, as its chat does.
  if (contentId !== null) await assertCanWatch(app.db.kysely, user, contentId);
  const score = scoreText(input.question);
  const createdAt = Date.now();
  const { id } = await app.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('questions')
      .values({ contentId, userId: user.id, question: score.display, answeredAt: null, answeredBy: null, createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await countActivity(trx, user.id, createdAt, { questions: 1 });
    return row;
  });
  const question = present({ id, contentId, userId: user.id, username: user.username, question: score.display, answeredAt: null, createdAt });
  // The asker's other tabs list it too.
  app.io.to([rooms.user(user.id), ...hostRooms(hostId)]).emit('qna:question', question);
  await queueIfFlagged(app, score, { kind: 'question', targetId: id, contentId, original: input.question }, user);
  await rewardAction(app, { userId: user.id, action: 'question', points: POINTS.question, ref: String(id) });
  return question;
}

/** Hosts see every question of their content (admins: all); everyone else sees their own. */
export async function listQuestions(app: FastifyInstance, user: UserRow, contentId: number | null): Promise<Question[]> {
  let query = selectQuestions(app);
  query = contentId ? query.where('questions.contentId', '=', contentId) : query.where('questions.contentId', 'is', null);
  const hostId = await hostOf(app, contentId);
  const isHost = user.role === 'admin' || (hostId !== null && hostId === user.id);
  if (!isHost) query = query.where('questions.userId', '=', user.id);
  const rows = await query.orderBy('questions.createdAt', 'desc').limit(200).execute();
  return rows.map(present);
}

export async function answerQuestion(app: FastifyInstance, user: UserRow, questionId: number): Promise<Question> {
  const row = await selectQuestions(app).where('questions.id', '=', questionId).executeTakeFirst();
  if (!row) throw notFound('No question with that id');
  const hostId = await hostOf(app, row.contentId);
  if (user.role !== 'admin' && hostId !== user.id) throw forbidden('Only the host can answer this question');
  const answeredAt = row.answeredAt ?? Date.now();
  if (!row.answeredAt) {
    await app.db.kysely.updateTable('questions').set({ answeredAt, answeredBy: user.id }).where('id', '=', questionId).execute();
  }
  const answered = present({ ...row, answeredAt });
  app.io.to([rooms.user(row.userId), ...hostRooms(hostId)]).emit('qna:answered', answered);
  return answered;
}

/** A question rejected by moderation leaves every open list that showed it: its host's and its asker's. */
export async function announceQuestionHidden(app: FastifyInstance, question: { id: number; contentId: number | null; askerId: number }) {
  const hostId = await hostOf(app, question.contentId);
  app.io.to([rooms.user(question.askerId), ...hostRooms(hostId)]).emit('qna:hidden', { questionId: question.id, contentId: question.contentId });
}
