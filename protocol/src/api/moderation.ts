/** Moderation (spec §3 ModerationItem). */
import { z } from 'zod';
import { Id, IsoDate, Count } from '../primitives.ts';

export const ModerationItemSchema = z.object({
  id: Id,
  kind: z.enum(['chat_message', 'question']),
  targetId: Id,
  severity: z.enum(['high', 'medium', 'low']),
  reason: z.string(),
  excerpt: z.string(),
  authorId: Id,
  authorName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: IsoDate,
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

export const AdminModerationItemSchema = ModerationItemSchema.extend({
  contentId: Id.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: IsoDate.nullable(),
});
export type AdminModerationItem = z.infer<typeof AdminModerationItemSchema>;

export const ModerationQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(200, { error: 'limit must be at most 200' })
    .default(50),
});

export const COMMUNITY_HEALTH_DAYS = 7;

export const ModerationQueueSchema = z.object({
  /** Pending first (oldest waiting first), then decided ones, newest decision first. */
  items: z.array(AdminModerationItemSchema),
  counters: z.object({ pending: Count, approved: Count, rejected: Count, today: Count }),
  health: z.object({
    /** Percent of chat messages flagged over the last 7 days; null without messages. */
    flagRate: z.number().nullable(),
    flaggedMessages: Count,
    totalMessages: Count,
    /** One entry per UTC day of the last 7, oldest first; avgSentiment null on a day without chat. */
    sentimentTrend: z.array(z.object({ date: z.string(), avgSentiment: z.number().nullable(), messages: Count })),
    /** Seconds from flag to decision, averaged over decided items; null before any decision. */
    avgResponseSeconds: z.number().nullable(),
    activeTimeouts: Count,
  }),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const MAX_TIMEOUT_MINUTES = 7 * 24 * 60;
export const ModerationDecisionRequestSchema = z.object({
  timeoutMinutes: z
    .number({ error: 'timeoutMinutes must be a number' })
    .int({ error: 'timeoutMinutes must be a whole number' })
    .min(1, { error: 'timeoutMinutes must be at least 1' })
    .max(MAX_TIMEOUT_MINUTES, { error: `timeoutMinutes must be at most ${MAX_TIMEOUT_MINUTES}` })
    .optional(),
});
export type ModerationDecisionRequest = z.infer<typeof ModerationDecisionRequestSchema>;

export const ModerationDecisionSchema = z.object({ item: AdminModerationItemSchema, timedOutUntil: IsoDate.nullable() });
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;
