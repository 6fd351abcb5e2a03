/**
 * Demo seed step: hosts ran polls. Past polls on well-watched items, voted in by the accounts that
 * watched those items, so vote counts, the "Voice of the People" achievement and the poll challenge
 * have a history; and a poll running now in the first live rooms, still open for the demo viewers.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import type { Category } from './catalog.ts';
import { liveItems, seededAudience } from './cast.ts';
import { SeededRandom } from './random.ts';
import { recountPollTallies } from '../migrations/0019_poll_tallies.ts';
import { DAY_MS } from '@onair/protocol';

/** Live rooms that have a poll running when the demo starts. */
const OPEN_POLL_ROOMS = 2;
/** How long the polls running at seed time stay open. */
const OPEN_POLL_MS = 6 * 3600 * 1000;
/** Share of an item's account viewers who voted in its poll. */
const TURNOUT = 0.55;

interface PollTemplate {
  question: string;
  options: readonly string[];
}

const GENERIC: PollTemplate = { question: 'How was today’s episode?', options: ['Loved it', 'It was fine', 'Not for me'] };

/** What a host of each kind of show asks. */
const TEMPLATES: Partial<Record<Category, readonly PollTemplate[]>> = {
  news: [
    { question: 'Which story should we follow up tomorrow?', options: ['Elections', 'Economy', 'Climate', 'Health'] },
    { question: 'Do you trust the new fuel price figures?', options: ['Yes', 'No', 'Not sure'] },
  ],
  sports: [
    { question: 'Who was the player of the match?', options: ['The goalkeeper', 'The captain', 'The new signing'] },
    { question: 'Was the red card the right call?', options: ['Yes', 'No'] },
  ],
  music: [
    { question: 'Which track should open the next show?', options: ['Afrobeats', 'Highlife', 'Jazz', 'Gospel'] },
    { question: 'Live band or DJ set next week?', options: ['Live band', 'DJ set'] },
  ],
  education: [{ question: 'Which topic should the next lesson cover?', options: ['Fractions', 'Geometry', 'Statistics'] }],
  religion: [{ question: 'Which hymn should the choir sing on Sunday?', options: ['Amazing Grace', 'How Great Thou Art', 'Blessed Assurance'] }],
  technology: [{ question: 'Which gadget should we review next?', options: ['A budget phone', 'A smartwatch', 'A laptop', 'Earbuds'] }],
  talk: [{ question: 'Should the show take more phone-in callers?', options: ['Yes, more callers', 'Keep it as it is', 'Fewer callers'] }],
  documentary: [{ question: 'Where should the crew film next?', options: ['The Sahel', 'The Amazon', 'The Arctic', 'The Great Rift'] }],
  entertainment: [{ question: 'Who should be the next guest?', options: ['A comedian', 'A film star', 'A musician'] }],
  kids: [{ question: 'What should we make next time?', options: ['Pancakes', 'A volcano', 'A paper rocket'] }],
};

const templateFor = (category: string | null, rng: SeededRandom) =>
  rng.pick(TEMPLATES[category as Category] ?? [GENERIC]);

export interface PollSeedResult {
  polls: number;
  votes: number;
}

export async function seedDemoPolls(trx: Transaction<Database>, now: number, pastPolls: number): Promise<PollSeedResult> {
  if (pastPolls <= 0) return { polls: 0, votes: 0 };
  const rng = new SeededRandom(9191);
  const [watched, live, audience] = await Promise.all([
    wellWatchedItems(trx, now, pastPolls),
    liveItems(trx),
    seededAudience(trx),
  ]);
  let polls = 0;
  let votes = 0;
  const run = async (poll: { contentId: number; creatorId: number; category: string | null; createdAt: number; closesAt: number }, voters: number[], lastVoteAt: number) => {
    const template = templateFor(poll.category, rng);
    const { id } = await trx
      .insertInto('polls')
      .values({ contentId: poll.contentId, question: template.question, options: JSON.stringify(template.options), createdBy: poll.creatorId, createdAt: poll.createdAt, closesAt: poll.closesAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Each poll has a favourite answer, as real audiences do.
    const leaning = template.options.map(() => rng.next() + 0.2);
    const rows = voters.map((userId) => ({
      pollId: id,
      userId,
      optionIndex: rng.weighted(template.options.map((_, i) => i), leaning),
      createdAt: poll.createdAt + Math.floor(rng.next() * Math.max(1, lastVoteAt - poll.createdAt)),
    }));
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto('pollVotes').values(rows.slice(i, i + 500)).execute();
    await recountPollTallies(trx, [id]);
    polls += 1;
    votes += rows.length;
  };

  for (const item of watched) {
    const createdAt = Math.max(item.firstViewAt - rng.int(1, 30) * 60_000, item.createdAt);
    const closesAt = createdAt + rng.int(15, 90) * 60_000;
    await run({ ...item, createdAt, closesAt }, item.viewers.filter(() => rng.chance(TURNOUT)), closesAt);
  }
  // Rooms of different kinds of show, so the open polls differ.
  const hosted = live.filter((item) => item.creatorId !== null);
  const openRooms = hosted.filter((item, i) => hosted.findIndex((other) => other.category === item.category) === i).slice(0, OPEN_POLL_ROOMS);
  for (const item of openRooms) {
    const createdAt = Math.max(item.liveSince ?? now, now - rng.int(5, 40) * 60_000);
    const voters = audience.filter(() => rng.chance(0.08)).map((u) => u.id);
    await run({ contentId: item.id, creatorId: item.creatorId!, category: item.category, createdAt, closesAt: now + OPEN_POLL_MS }, voters, now);
  }
  return { polls, votes };
}

/** The finished items of the last 45 days with the most account viewers, and who those viewers are. */
async function wellWatchedItems(trx: Transaction<Database>, now: number, limit: number) {
  const since = now - 45 * DAY_MS;
  const top = await trx
    .selectFrom('viewEvents')
    .innerJoin('content', 'content.id', 'viewEvents.contentId')
    .select((eb) => [
      'content.id',
      'content.creatorId',
      'content.category',
      'content.createdAt',
      eb.fn.min<number>('viewEvents.createdAt').as('firstViewAt'),
      eb.fn.count<number>('viewEvents.userId').distinct().as('viewerCount'),
    ])
    .where('content.status', '=', 'published')
    .where('content.creatorId', 'is not', null)
    .where('content.createdAt', '>=', since)
    .where('viewEvents.userId', 'is not', null)
    .groupBy(['content.id', 'content.creatorId', 'content.category', 'content.createdAt'])
    .orderBy('viewerCount', 'desc')
    .orderBy('content.id')
    .limit(limit)
    .execute();
  if (top.length === 0) return [];
  // Who watched them, in one read, in a fixed order so every machine draws the same voters.
  const watchers = await trx
    .selectFrom('viewEvents')
    .select(['contentId', 'userId'])
    .distinct()
    .where('contentId', 'in', top.map((item) => item.id))
    .where('userId', 'is not', null)
    .orderBy('contentId')
    .orderBy('userId')
    .execute();
  return top.map((item) => ({
    contentId: item.id,
    creatorId: item.creatorId!,
    category: item.category,
    createdAt: Number(item.createdAt),
    firstViewAt: Number(item.firstViewAt),
    viewers: watchers.filter((w) => w.contentId === item.id).map((w) => w.userId!),
  }));
}
