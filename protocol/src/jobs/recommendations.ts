import { z } from 'zod';

/** One user's list (on demand), or every user with recent activity (the repeatable job). */
export const RecommendationsJobPayloadSchema = z.union([
  z.object({ userId: z.number().int().positive() }),
  z.object({ scope: z.literal('all') }),
]);
export type RecommendationsJobPayload = z.infer<typeof RecommendationsJobPayloadSchema>;

export const RecommendationsJobResultSchema = z.object({
  users: z.number().int().nonnegative(),
  recommendations: z.number().int().nonnegative(),
});
export type RecommendationsJobResult = z.infer<typeof RecommendationsJobResultSchema>;
