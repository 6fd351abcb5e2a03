/**
 * Achievements and daily challenges, both measured from what the user really did: messages, votes,
 * questions, shares, watch time and streaks, read from the running day totals (activity.ts) that
 * those writes keep.
 */
import type { Kysely } from 'kysely';
import { type Achievement, DAILY_CHALLENGES, type DailyChallengeStatus, DAY_MS } from '@onair/protocol';
import type { Database } from '../../db/schema.ts';
import { activityDays, totalsOf } from './activity.ts';
import { streakLength, utcDayKey, utcDayStart } from './ledger.ts';

export type Metric = 'messages' | 'votes' | 'questions' | 'shares' | 'watchSeconds' | 'streakDays';

export interface AchievementDefinition {
  id: string;
  name: string;
  description: string;
  icon: Achievement['icon'];
  metric: Metric;
  target: number;
  bonusPoints: number;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { id: 'first-words', name: 'First Words', description: 'Send your first chat message', icon: 'star', metric: 'messages', target: 1, bonusPoints: 25 },
  { id: 'poll-voter', name: 'Voice of the People', description: 'Vote in 10 polls', icon: 'target', metric: 'votes', target: 10, bonusPoints: 100 },
  { id: 'marathon', name: 'Marathon Viewer', description: 'Watch 10 hours of content', icon: 'trophy', metric: 'watchSeconds', target: 10 * 3600, bonusPoints: 250 },
  { id: 'streak-7', name: 'Week Streak', description: 'Be active 7 days in a row', icon: 'zap', metric: 'streakDays', target: 7, bonusPoints: 150 },
  { id: 'chatterbox', name: 'Chatterbox', description: 'Send 100 chat messages', icon: 'heart', metric: 'messages', target: 100, bonusPoints: 200 },
  { id: 'curious-mind', name: 'Curious Mind', description: 'Ask the host 5 questions', icon: 'award', metric: 'questions', target: 5, bonusPoints: 75 },
  { id: 'ambassador', name: 'Ambassador', description: 'Share 5 streams', icon: 'heart', metric: 'shares', target: 5, bonusPoints: 100 },
];

export type Metrics = Record<Metric, number>;

/** The user's totals since `since` (0 for all time; otherwise the start of a UTC day). */
export async function userMetrics(db: Kysely<Database>, userId: number, since = 0, now = Date.now()): Promise<Metrics> {
  // Streaks look back a little over a year; every other figure covers the whole period asked for.
  const days = await activityDays(db, userId, since === 0 ? 0 : since);
  const totals = totalsOf(days);
  const today = Math.floor(now / DAY_MS);
  const activeDays = since === 0 ? days.filter((d) => d.points > 0 && d.day >= today - 400).map((d) => d.day) : [];
  return { messages: totals.messages, votes: totals.votes, questions: totals.questions, shares: totals.shares, watchSeconds: totals.watchSeconds, streakDays: streakLength(activeDays, today) };
}

export function achievementStatus(
  metrics: Metrics,
  claims: Map<string, number>,
): Achievement[] {
  return ACHIEVEMENTS.map((a) => {
    const progress = Math.min(metrics[a.metric], a.target);
    const claimedAt = claims.get(a.id);
    return {
      id: a.id,
      name: a.name,
      description: a.description,
      icon: a.icon,
      earned: progress >= a.target,
      earnedDate: claimedAt ? new Date(claimedAt).toISOString() : null,
      progress,
      maxProgress: a.target,
      unit: a.metric === 'watchSeconds' ? 'seconds' : 'count',
    };
  });
}

/** What each daily challenge counts. */
export const CHALLENGE_METRIC: Record<(typeof DAILY_CHALLENGES)[number]['id'], Metric> = {
  'watch-30-minutes': 'watchSeconds',
  'send-5-messages': 'messages',
  'vote-2-polls': 'votes',
  'share-a-stream': 'shares',
};

export function dailyChallengeStatus(today: Metrics): DailyChallengeStatus[] {
  return DAILY_CHALLENGES.map((c) => {
    const value = today[CHALLENGE_METRIC[c.id]];
    return { id: c.id, label: c.label, points: c.points, progress: Math.min(value, c.target), target: c.target, completed: value >= c.target };
  });
}

export const todayStart = (now = Date.now()) => utcDayStart(now);

/** The ledger key of a completed daily challenge: it pays once per challenge per UTC day. */
export const challengeAward = (challengeId: string, at: number) => ({
  action: `challenge:${challengeId}`,
  ref: utcDayKey(at),
});
