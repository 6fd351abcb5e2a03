import type { FastifyInstance } from 'fastify';
import { PollCreateRequestSchema, PollVoteRequestSchema, rooms, type Poll, type PollTally } from '@onair/protocol';
import type { UserRow } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { parseOr400 } from '../../http/validate.ts';
import { enforceWriteLimit } from '../../http/write-limits.ts';
import { createCoalescer, type Coalescer } from '../../realtime/coalesce.ts';
import { assertCanWatch, isSubscribersOnly } from '../monetization/access.ts';
import { pushPoints } from '../rewards/service.ts';
import { findPoll, presentPolls, tallies, type PollRow } from './repository.ts';
import { PollReads } from './poll-reads.ts';
import { VoteBatcher } from './vote-batcher.ts';

const RATE_WINDOW_MS = 10_000;
/** Tallies go out at most 4 times a second per poll, however fast votes arrive. */
export const TALLY_PUSH_MS = 250;

declare module 'fastify' {
  interface FastifyInstance {
    pollTallies: Coalescer<number>;
    votes: VoteBatcher;
    pollReads: PollReads;
  }
}

/**
 * Where a poll's news goes: the `polls` room (every account's lobby list) and its item's room. A poll of
 * a subscribers-only item goes to that item's room alone, which only those who may watch it can enter:
 * the lobby's other readers see it at their next list read, which leaves it out for those who may not.
 */
export async function pollRooms(app: FastifyInstance, poll: Pick<PollRow, 'contentId'>): Promise<string[]> {
  if (!poll.contentId) return [rooms.polls()];
  if (await isSubscribersOnly(app.db.kysely, poll.contentId)) return [rooms.content(poll.contentId)];
  return [rooms.polls(), rooms.content(poll.contentId)];
}

/** Sets up the vote batcher and the tally coalescer; registered once per server. */
export function setUpPollTallies(app: FastifyInstance) {
  app.decorate('votes', new VoteBatcher(app.db.kysely));
  app.decorate('pollReads', new PollReads(app));
  app.addHook('onClose', async () => app.pollReads.close());
  const coalescer = createCoalescer<number>(TALLY_PUSH_MS, async (pollId) => {
    const poll = await findPoll(app.db.kysely, pollId);
    if (!poll) return;
    const tally = (await tallies(app.db.kysely, [poll])).get(pollId)!;
    app.io.to(await pollRooms(app, poll)).emit('poll:tally', tally);
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
  app.io.to(await pollRooms(app, row)).emit('poll:created', poll!);
  return poll!;
}

/**
 * One vote per user per poll: the primary key (poll, user) decides, so two concurrent votes from the
 * same person count once and the second is told so.
 */
export async function vote(app: FastifyInstance, user: UserRow, body: unknown): Promise<PollTally & { optionIndex: number }> {
  const { pollId, optionIndex, idempotencyKey } = parseOr400(PollVoteRequestSchema, body);
  await enforceRateLimit(app.rateLimiter, `vote:${user.id}`, { limit: app.config.voteRateLimit, windowMs: RATE_WINDOW_MS }, 'You are voting too fast');
  const poll = await app.pollReads.poll(pollId);
  if (!poll) throw notFound('pollId: no poll with that id');
  // A poll of a subscribers-only item is for those who may watch it, as its chat is.
  if (poll.contentId !== null) await assertCanWatch(app.db.kysely, user, poll.contentId);
  const options = JSON.parse(poll.options) as string[];
  if (optionIndex >= options.length) throw badRequest(`optionIndex must be between 0 and ${options.length - 1}`);
  const now = Date.now();
  if (poll.closesAt <= now) throw conflict('This poll has closed');

  // Written with the other votes of its moment, in one transaction with its tally and its points.
  const { counted, points } = await app.votes.submit({ pollId, userId: user.id, optionIndex, idempotencyKey: idempotencyKey ?? null, at: now });
  if (!counted) {
    // A retry (socket, then REST) of the vote that landed: answer it as that vote, not as a refusal.
    const landed = idempotencyKey
      ? await app.db.kysely.selectFrom('pollVotes').select('optionIndex').where('pollId', '=', pollId).where('userId', '=', user.id).where('idempotencyKey', '=', idempotencyKey).executeTakeFirst()
      : undefined;
    if (!landed) throw conflict('You have already voted in this poll');
    return { ...(await app.pollReads.tally(poll)), optionIndex: landed.optionIndex };
  }

  app.pollTallies.mark(pollId);
  app.metrics.votes.inc();
  if (points !== null) await pushPoints(app, user.id, 'vote', points);
  return { ...(await app.pollReads.tally(poll)), optionIndex };
}
