import { z } from 'zod';
import { RoleSchema } from './auth.ts';

/** GET /api/public/config: what a signed-out page needs to know about this deployment. */
export const PublicConfigSchema = z.object({
  demoMode: z.boolean(),
  /** Listed on the sign-in page only in demo mode. */
  demoAccounts: z.array(z.object({ username: z.string(), password: z.string(), role: RoleSchema })),
  creatorSelfServe: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

/** GET /api/public/stats: the landing page's stats row, counted from data. */
export const PublicStatsSchema = z.object({
  activeStreams: z.number().int().nonnegative(),
  hoursOfContent: z.number().int().nonnegative(),
  globalUsers: z.number().int().nonnegative(),
  countriesReached: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof PublicStatsSchema>;
