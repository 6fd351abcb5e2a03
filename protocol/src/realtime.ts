/** Socket acknowledgements and live viewer counts, shared by the server and the client. */
import { z } from 'zod';

/** Acknowledgement of a socket write: the stored record, or a message naming what went wrong. */
export type Ack<T> = { ok: true; data: T } | { ok: false; status: number; error: string };

export const PresenceUpdateSchema = z.object({
  contentId: z.number().int(),
  viewerCount: z.number().int().nonnegative(),
  peakViewers: z.number().int().nonnegative(),
});
export type PresenceUpdate = z.infer<typeof PresenceUpdateSchema>;
