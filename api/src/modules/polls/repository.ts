import type { Kysely } from 'kysely';
import type { Poll, PollTally } from '@onair/protocol';
import type { Database, PollsTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { readTallies } from './tally-counters.ts';

export type PollRow = Selectable<PollsTable>;

export async function tallies(db: Kysely<Database>, polls: PollRow[]): Promise<Map<number, PollTally>> {
  const result = new Map<number, PollTally>();
  if (polls.length === 0) return result;
  for (const p of polls) {
    const options = JSON.parse(p.options) as string[];
    result.set(p.id, { pollId: p.id, votes: options.map(() => 0), totalVotes: 0 });
  }
  for (const r of await readTallies(db, polls.map((p) => p.id))) {
    const tally = result.get(r.pollId)!;
    if (r.optionIndex < tally.votes.length) tally.votes[r.optionIndex] = Number(r.votes);
    tally.totalVotes += Number(r.votes);
  }
  return result;
}

export async function presentPolls(db: Kysely<Database>, polls: PollRow[], userId: number | null, now = Date.now()): Promise<Poll[]> {
  const contentIds = [...new Set(polls.flatMap((p) => (p.contentId ? [p.contentId] : [])))];
  const [counts, voted, shows] = await Promise.all([
    tallies(db, polls),
    userId && polls.length
      ? db.selectFrom('pollVotes').select(['pollId', 'optionIndex']).where('userId', '=', userId).where('pollId', 'in', polls.map((p) => p.id)).execute()
      : Promise.resolve([] as { pollId: number; optionIndex: number }[]),
    contentIds.length
      ? db.selectFrom('content').select(['id', 'title']).where('id', 'in', contentIds).execute()
      : Promise.resolve([] as { id: number; title: string }[]),
  ]);
  const choices = new Map(voted.map((v) => [v.pollId, v.optionIndex]));
  const titles = new Map(shows.map((c) => [c.id, c.title]));
  return polls.map((p) => {
    const tally = counts.get(p.id)!;
    return {
      id: p.id,
      contentId: p.contentId,
      contentTitle: p.contentId ? (titles.get(p.contentId) ?? null) : null,
      question: p.question,
      options: JSON.parse(p.options) as string[],
      votes: tally.votes,
      totalVotes: tally.totalVotes,
      hasVoted: choices.has(p.id),
      myVote: choices.get(p.id) ?? null,
      timeRemaining: Math.max(0, Math.ceil((p.closesAt - now) / 1000)),
    };
  });
}

export function activePolls(db: Kysely<Database>, now: number, contentId?: number) {
  let query = db.selectFrom('polls').selectAll().where('closesAt', '>', now);
  if (contentId) query = query.where('contentId', '=', contentId);
  return query.orderBy('createdAt', 'desc').execute();
}

export function findPoll(db: Kysely<Database>, id: number) {
  return db.selectFrom('polls').selectAll().where('id', '=', id).executeTakeFirst();
}
