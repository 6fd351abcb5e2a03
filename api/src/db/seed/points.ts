/**
 * Demo seed step, the last: the points ledger the seeded history would have written. Every seeded
 * view, chat message, vote and question is replayed in time order through the same rules the live
 * actions use (points per action, the same refs, daily challenges paid when their threshold was
 * crossed), so points, levels, streaks and the leaderboard agree with what the accounts did.
 */
import type { Transaction } from 'kysely';
import { DAILY_CHALLENGES, DAY_MS } from '@onair/protocol';
import { CHALLENGE_METRIC, challengeAward } from '../../modules/rewards/achievements.ts';
import { POINTS } from '../../modules/rewards/ledger.ts';
import type { Database } from '../schema.ts';

type ChallengeMetric = (typeof CHALLENGE_METRIC)[keyof typeof CHALLENGE_METRIC];

interface Action {
  userId: number;
  action: 'watch' | 'chat' | 'vote' | 'question';
  ref: string;
  points: number;
  at: number;
  /** What it adds to the day's challenge counters. */
  counts: Partial<Record<ChallengeMetric, number>>;
}

interface LedgerRow {
  userId: number;
  action: string;
  points: number;
  ref: string;
  createdAt: number;
}

export async function seedDemoPoints(trx: Transaction<Database>): Promise<number> {
  const actions = await seededActions(trx);
  actions.sort((a, b) => a.userId - b.userId || a.at - b.at);

  const rows: LedgerRow[] = [];
  let day = { userId: -1, day: -1, totals: {} as Partial<Record<ChallengeMetric, number>> };
  for (const a of actions) {
    const dayNumber = Math.floor(a.at / DAY_MS);
    if (day.userId !== a.userId || day.day !== dayNumber) day = { userId: a.userId, day: dayNumber, totals: {} };
    if (a.points > 0) rows.push({ userId: a.userId, action: a.action, points: a.points, ref: a.ref, createdAt: a.at });
    for (const challenge of DAILY_CHALLENGES) {
      const metric = CHALLENGE_METRIC[challenge.id];
      const before = day.totals[metric] ?? 0;
      const after = before + (a.counts[metric] ?? 0);
      day.totals[metric] = after;
      if (before < challenge.target && after >= challenge.target) {
        rows.push({ userId: a.userId, ...challengeAward(challenge.id, a.at), points: challenge.points, createdAt: a.at });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('pointsLedger').values(rows.slice(i, i + 500)).execute();
  return rows.length;
}

async function seededActions(trx: Transaction<Database>): Promise<Action[]> {
  const [views, messages, votes, questions] = await Promise.all([
    trx.selectFrom('viewEvents').select(['id', 'userId', 'watchSeconds', 'createdAt']).where('userId', 'is not', null).orderBy('id').execute(),
    trx.selectFrom('chatMessages').select(['id', 'userId', 'createdAt']).orderBy('id').execute(),
    trx.selectFrom('pollVotes').select(['pollId', 'userId', 'createdAt']).orderBy('pollId').orderBy('userId').execute(),
    trx.selectFrom('questions').select(['id', 'userId', 'createdAt']).orderBy('id').execute(),
  ]);
  // Postgres returns bigint columns as strings.
  const at = (t: number | string) => Number(t);
  return [
    ...views.map((v): Action => ({
      userId: v.userId!,
      action: 'watch',
      ref: String(v.id),
      points: Math.floor(v.watchSeconds / 60) * POINTS.watchMinute,
      at: at(v.createdAt),
      counts: { watchSeconds: v.watchSeconds },
    })),
    ...messages.map((m): Action => ({ userId: m.userId, action: 'chat', ref: String(m.id), points: POINTS.chat, at: at(m.createdAt), counts: { messages: 1 } })),
    ...votes.map((v): Action => ({ userId: v.userId, action: 'vote', ref: String(v.pollId), points: POINTS.vote, at: at(v.createdAt), counts: { votes: 1 } })),
    ...questions.map((q): Action => ({ userId: q.userId, action: 'question', ref: String(q.id), points: POINTS.question, at: at(q.createdAt), counts: {} })),
  ];
}
