import type { FastifyInstance } from 'fastify';
import { PollCreateRequestSchema, PollVoteRequestSchema, rooms, type Poll, type PollTally } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { createCoalescer, type Coalescer } from '../../realtime/coalesce.ts';
import { POINTS } from '../rewards/ledger.ts';
import { rewardAction } from '../rewards/service.ts';
import { findPoll, presentPolls, tallies, type PollRow } from './repository.ts';
import { countVote } from './tally-counters.ts';
import { countActivity } from '../rewards/activity.ts';

const RATE_WINDOW_MS = 10_000;
/** Tallies go out at most 4 times a second per poll, however fast votes arrive. */
export const TALLY_PUSH_MS = 250;

declare module 'fastify' {
  interface FastifyInstance {
    pollTallies: Coalescer<number>;
  }
}

const pollRooms = (poll: Pick<PollRow, 'contentId'>) =>
  poll.contentId ? [rooms.polls(), rooms.content(poll.contentId)] : [rooms.polls()];

/** Sets up the tally coalescer; registered once per server. */
export function setUpPollTallies(app: FastifyInstance) {
  const coalescer = createCoalescer<number>(TALLY_PUSH_MS, async (pollId) => {
    const poll = await findPoll(app.db.kysely, pollId);
    if (!poll) return;
    const tally = (await tallies(app.db.kysely, [poll])).get(pollId)!;
    app.io.to(pollRooms(poll)).emit('poll:tally', tally);
  });
  app.decorate('pollTallies', coalescer);
  app.addHook('onClose', async () => coalescer.stop());
}

export async function createPoll(app: FastifyInstance, user: UserRow, body: unknown): Promise<Poll> {
  const input = parseOr400(PollCreateRequestSchema, body);
  await enforceWriteLimit(app, 'poll', user.id);
  const contentId = input.contentId ?? null;
  if (contentId) {
    const content = await app.db.kysely.selectFrom('content').select(['id', 'creatorId']).where('id', '=', contentId).executeTakeFirst();
    if (!content) throw notFound('contentId: no content with that id');
    if (user.role !== 'admin' && content.creatorId !== user.id) throw forbidden('Only the host of this content can run polls on it');
  }
  const now = Date.now();
  const row = await app.db.kysely
    .insertInto('polls')
    .values({
      contentId,
      question: input.question,
      options: JSON.stringify(input.options),
      createdBy: user.id,
      createdAt: now,
      closesAt: now + input.durationSeconds * 1000,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const [poll] = await presentPolls(app.db.kysely, [row], null, now);
  app.io.to(pollRooms(row)).emit('poll:created', poll!);
  return poll!;
}

/**
 * One vote per user per poll: the primary key (poll, user) decides, so two concurrent votes from the
 * same person count once and the second is told so.
 */
export async function vote(app: FastifyInstance, user: UserRow, body: unknown): Promise<PollTally & { optionIndex: number }> {
  const { pollId, optionIndex, idempotencyKey } = parseOr400(PollVoteRequestSchema, body);
  await enforceRateLimit(app.rateLimiter, `vote:${user.id}`, { limit: app.config.voteRateLimit, windowMs: RATE_WINDOW_MS }, 'You are voting too fast');
  const poll = await findPoll(app.db.kysely, pollId);
  if (!poll) throw notFound('pollId: no poll with that id');
  const options = JSON.parse(poll.options) as string[];
  if (optionIndex >= options.length) throw badRequest(`optionIndex must be between 0 and ${options.length - 1}`);
  const now = Date.now();
  if (poll.closesAt <= now) throw conflict('This poll has closed');

  // The vote and its tally row change together: a tally never disagrees with the votes stored.
  const inserted = await app.db.kysely.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('pollVotes')
      .values({ pollId, userId: user.id, optionIndex, idempotencyKey: idempotencyKey ?? null, createdAt: now })
      .onConflict((oc) => oc.columns(['pollId', 'userId']).doNothing())
      .returning('pollId')
      .executeTakeFirst();
    if (row) {
      await countVote(trx, pollId, optionIndex);
      await countActivity(trx, user.id, now, { votes: 1 });
    }
    return row;
  });
  if (!inserted) {
    // A retry (socket, then REST) of the vote that landed: answer it as that vote, not as a refusal.
    const landed = idempotencyKey
      ? await app.db.kysely.selectFrom('pollVotes').select('optionIndex').where('pollId', '=', pollId).where('userId', '=', user.id).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst()
      : undefined;
    if (!landed) throw conflict('You have already voted in this poll');
    return { ...(await tallies(app.db.kysely, [poll])).get(pollId)!, optionIndex: landed.optionIndex };
  }

  app.pollTallies.mark(pollId);
  app.metrics.votes.inc();
  await rewardAction(app, { userId: user.id, action: 'vote', points: POINTS.vote, ref: String(pollId) });
  const tally = (await tallies(app.db.kysely, [poll])).get(pollId)!;
  return { ...tally, optionIndex };
}
