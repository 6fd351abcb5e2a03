/** The watch page's like, rating and share controls. */
import { z } from 'zod';

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
