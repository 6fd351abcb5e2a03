/** Rewards (spec §3 Achievement, leaderboard, gamification profile). */
import { z } from 'zod';
import { ACHIEVEMENT_ICONS } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';

export const AchievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(ACHIEVEMENT_ICONS),
  earned: z.boolean(),
  earnedDate: IsoDate.nullable(),
  progress: z.number(),
  maxProgress: z.number(),
  /** What progress counts: things (messages, votes) or seconds (watch time, shown in hours). */
  unit: z.enum(['count', 'seconds']),
});
export type Achievement = z.infer<typeof AchievementSchema>;

export const LeaderboardEntrySchema = z.object({
  userId: Id,
  rank: z.number().int().positive(),
  username: z.string(),
  points: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const GamificationProfileSchema = z.object({
  points: z.number().int(),
  level: z.number().int().positive(),
  dailyStreaks: z.number().int().nonnegative(),
  achievements: z.array(AchievementSchema),
  leaderboard: z.array(LeaderboardEntrySchema),
});
export type GamificationProfile = z.infer<typeof GamificationProfileSchema>;

export const AchievementClaimRequestSchema = z.object({
  achievementId: z.string({ error: 'achievementId is required' }).min(1, { error: 'achievementId is required' }),
});
export type AchievementClaimRequest = z.infer<typeof AchievementClaimRequestSchema>;

export const DailyChallengeStatusSchema = z.object({
  id: z.string(),
  label: z.string(),
  points: z.number().int(),
  progress: z.number(),
  target: z.number(),
  completed: z.boolean(),
});
export type DailyChallengeStatus = z.infer<typeof DailyChallengeStatusSchema>;

/** The spec's profile plus today's challenges, tracked from what the user really did. */
export const GamificationResponseSchema = GamificationProfileSchema.extend({
  dailyChallenges: z.array(DailyChallengeStatusSchema),
});
export type GamificationResponse = z.infer<typeof GamificationResponseSchema>;

export const AchievementClaimResponseSchema = z.object({
  achievementId: z.string(),
  pointsAwarded: z.number().int(),
  earnedDate: z.string(),
});
