/**
 * Requests and responses of chat, polls, Q&A and rewards (spec §7), shared by REST routes and socket
 * events: a message sent over the socket is parsed by the same schema as one sent by POST.
 */
import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { ChatMessageSchema, GamificationProfileSchema, PollSchema } from '../entities.ts';

export const CHAT_MESSAGE_MAX_LENGTH = 500;
export const QUESTION_MAX_LENGTH = 500;
export const POLL_OPTIONS = { min: 2, max: 6 } as const;
export const POLL_DURATION_SECONDS = { min: 30, max: 24 * 3600, default: 330 } as const;

const optionalContentId = idField('contentId').nullable().optional();

export const ChatRecentQuerySchema = z.object({
  contentId: idParam('contentId').optional(),
  limit: z.coerce.number().int().min(1).max(200, { error: 'limit must be at most 200' }).optional(),
});

export const ChatSendRequestSchema = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message is required' })
    .max(CHAT_MESSAGE_MAX_LENGTH, { error: `message must be at most ${CHAT_MESSAGE_MAX_LENGTH} characters` }),
  contentId: optionalContentId,
  /** Set by the client once per message; a retry with the same key returns the stored message. */
  idempotencyKey: z.string().min(8).max(64).optional(),
});
export type ChatSendRequest = z.input<typeof ChatSendRequestSchema>;

export const PollCreateRequestSchema = z.object({
  question: z
    .string({ error: 'question is required' })
    .trim()
    .min(1, { error: 'question is required' })
    .max(200, { error: 'question must be at most 200 characters' }),
  options: z
    .array(z.string().trim().min(1, { error: 'options must not be blank' }).max(80, { error: 'options must be at most 80 characters each' }), {
      error: 'options is required',
    })
    .min(POLL_OPTIONS.min, { error: `options needs at least ${POLL_OPTIONS.min} choices` })
    .max(POLL_OPTIONS.max, { error: `options allows at most ${POLL_OPTIONS.max} choices` }),
  durationSeconds: z
    .number({ error: 'durationSeconds must be a number' })
    .int()
    .min(POLL_DURATION_SECONDS.min, { error: `durationSeconds must be at least ${POLL_DURATION_SECONDS.min}` })
    .max(POLL_DURATION_SECONDS.max, { error: `durationSeconds must be at most ${POLL_DURATION_SECONDS.max}` })
    .default(POLL_DURATION_SECONDS.default),
  contentId: optionalContentId,
});
export type PollCreateRequest = z.input<typeof PollCreateRequestSchema>;

export const PollVoteRequestSchema = z.object({
  pollId: idField('pollId'),
  optionIndex: z.number({ error: 'optionIndex is required' }).int().min(0, { error: 'optionIndex must be 0 or more' }),
});
export type PollVoteRequest = z.infer<typeof PollVoteRequestSchema>;

export const PollTallySchema = z.object({
  pollId: z.number().int(),
  votes: z.array(z.number().int()),
  totalVotes: z.number().int(),
});
export type PollTally = z.infer<typeof PollTallySchema>;

export const QuestionSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int().nullable(),
  userId: z.number().int(),
  username: z.string(),
  question: z.string(),
  answered: z.boolean(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QnaSubmitRequestSchema = z.object({
  question: z
    .string({ error: 'question is required' })
    .trim()
    .min(1, { error: 'question is required' })
    .max(QUESTION_MAX_LENGTH, { error: `question must be at most ${QUESTION_MAX_LENGTH} characters` }),
  contentId: optionalContentId,
});
export type QnaSubmitRequest = z.input<typeof QnaSubmitRequestSchema>;

export const QnaListQuerySchema = z.object({
  contentId: idParam('contentId').optional(),
});

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

/** Acknowledgement of a socket write: the stored record, or a message naming what went wrong. */
export type Ack<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

export const ChatMessageListSchema = z.array(ChatMessageSchema);
export const PollListSchema = z.array(PollSchema);

export const PresenceUpdateSchema = z.object({
  contentId: z.number().int(),
  viewerCount: z.number().int().nonnegative(),
  peakViewers: z.number().int().nonnegative(),
});
export type PresenceUpdate = z.infer<typeof PresenceUpdateSchema>;

/**
 * GET /api/content/:id/engagement: what the watch page's like, rating and share controls show. `liked`
 * and `myRating` are the caller's (false and null when signed out); avgRating is 0 with no ratings.
 */
export const ContentEngagementSchema = z.object({
  contentId: z.number().int(),
  likes: z.number().int().nonnegative(),
  liked: z.boolean(),
  avgRating: z.number().min(0).max(5),
  ratings: z.number().int().nonnegative(),
  myRating: z.number().int().min(1).max(5).nullable(),
});
export type ContentEngagement = z.infer<typeof ContentEngagementSchema>;

export const ShareRequestSchema = z.object({
  channel: z.enum(['link', 'sms', 'social', 'email'], { error: 'channel must be link, sms, social or email' }).default('link'),
});
