/** Content ratings (1–5 stars). */
import { z } from 'zod';
import { Id, Count } from '../primitives.ts';

export const ContentRatingRequestSchema = z.object({
  rating: z
    .number({ error: 'rating must be a number' })
    .int({ error: 'rating must be a whole number' })
    .min(1, { error: 'rating must be between 1 and 5' })
    .max(5, { error: 'rating must be between 1 and 5' }),
});
export const ContentRatingSchema = z.object({ contentId: Id, rating: z.number().int(), avgRating: z.number(), ratings: Count });
export type ContentRating = z.infer<typeof ContentRatingSchema>;
