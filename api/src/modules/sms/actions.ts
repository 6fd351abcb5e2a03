/**
 * What SMS and USSD can do, on the same services the web uses: the live list, polls (a vote here moves
 * the tally on every watching screen), points, and go-live subscriptions. Replies are short plain text:
 * an SMS segment is 160 characters and a USSD screen about 180.
 */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { listContent } from '../content/repository.ts';
import { activePolls } from '../polls/repository.ts';
import { vote } from '../polls/service.ts';
import { levelForPoints, totalPoints } from '../rewards/ledger.ts';
import { setSubscribed } from './phones.ts';

const MAX_LISTED = 3;

export async function liveNowText(app: FastifyInstance): Promise<string> {
  const live = await listContent(app.db.kysely, app.liveAudience, { live: true, limit: MAX_LISTED });
  if (live.length === 0) return 'Nothing is live right now.';
  return `Live now: ${live.map((c) => `${c.title} (${c.viewerCount} watching)`).join('; ')}`;
}

/** OnAir keeps no timetable: the schedule is what is on now and the newest shows to watch later. */
export async function scheduleText(app: FastifyInstance): Promise<string> {
  const [live, latest] = await Promise.all([
    listContent(app.db.kysely, app.liveAudience, { live: true, limit: MAX_LISTED }),
    listContent(app.db.kysely, app.liveAudience, { live: false, limit: MAX_LISTED }),
  ]);
  const parts = [];
  if (live.length) parts.push(`On now: ${live.map((c) => c.title).join('; ')}`);
  if (latest.length) parts.push(`Newest: ${latest.map((c) => c.title).join('; ')}`);
  return parts.length ? parts.join('. ') : 'Nothing is scheduled yet.';
}

export async function openPolls(app: FastifyInstance) {
  return (await activePolls(app.db.kysely, Date.now())).map((p) => ({ id: p.id, question: p.question, options: JSON.parse(p.options) as string[] }));
}

/** Votes for `option` (1-based, as people count) in a poll, newest open poll when none is named. */
export async function voteText(app: FastifyInstance, user: UserRow, option: number, pollId?: number): Promise<string> {
  const polls = await openPolls(app);
  const poll = pollId ? polls.find((p) => p.id === pollId) : polls[0];
  if (!poll) return 'There is no open poll right now.';
  if (!Number.isInteger(option) || option < 1 || option > poll.options.length) {
    return `Choose an option from 1 to ${poll.options.length}: ${poll.options.map((o, i) => `${i + 1} ${o}`).join(', ')}`;
  }
  try {
    const tally = await vote(app, user, { pollId: poll.id, optionIndex: option - 1 });
    return `Vote recorded: ${poll.options[option - 1]}. ${tally.totalVotes} votes so far.`;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500) return error.message.replace(/^optionIndex/, 'option');
    throw error;
  }
}

export async function balanceText(app: FastifyInstance, user: UserRow): Promise<string> {
  const points = await totalPoints(app.db.kysely, user.id);
  return `${user.username}: ${points} points, level ${levelForPoints(points)}. Plan: ${user.subscription}.`;
}

export async function subscribeText(app: FastifyInstance, linkId: number, on: boolean): Promise<string> {
  await setSubscribed(app.db.kysely, linkId, on);
  return on
    ? 'Subscribed: you will get a text when a creator you follow goes live. Text STOP to end.'
    : 'Unsubscribed: no more go-live texts.';
}
