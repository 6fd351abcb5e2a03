import { z } from 'zod';
import { PodcastSyndicationSchema } from '../api/syndication.ts';

const id = z.number().int().positive();

/**
 * What a syndication job does: check and publish these records (distribute, sync), rebuild one
 * show's feed (a new episode, changed details), or resync the shows whose sync frequency is due.
 */
export const SyndicationJobPayloadSchema = z.union([
  z.object({ syndicationIds: z.array(id).min(1).max(5000) }),
  z.object({ showId: id }),
  z.object({ scope: z.literal('scheduled') }),
]);
export type SyndicationJobPayload = z.infer<typeof SyndicationJobPayloadSchema>;

export const SyndicationJobResultSchema = z.object({
  shows: z.number().int().nonnegative(),
  published: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Ping endpoints that answered 2xx. */
  pinged: z.number().int().nonnegative(),
  /** The records as the job left them (the page writes them into its list). */
  records: z.array(PodcastSyndicationSchema),
});
export type SyndicationJobResult = z.infer<typeof SyndicationJobResultSchema>;
