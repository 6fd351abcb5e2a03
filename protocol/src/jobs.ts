/**
 * Job names and the events that report their progress to the user who started them (room
 * `user:{id}`). Payload, progress and result schemas per job live beside this file (see ./jobs/*).
 */
import { z } from 'zod';

export const JOB_NAMES = ['translation', 'summary', 'insights', 'recommendations', 'syndication', 'media', 'transcript', 'subtitles'] as const;
export type JobName = (typeof JOB_NAMES)[number];

export const JobProgressEventSchema = z.object({
  jobId: z.string(),
  name: z.enum(JOB_NAMES),
  /** 0..100. */
  progress: z.number().min(0).max(100),
  message: z.string(),
});
export type JobProgressEvent = z.infer<typeof JobProgressEventSchema>;

export const JobDoneEventSchema = z.object({
  jobId: z.string(),
  name: z.enum(JOB_NAMES),
  result: z.unknown(),
});
export type JobDoneEvent = z.infer<typeof JobDoneEventSchema>;

export const JobFailedEventSchema = z.object({
  jobId: z.string(),
  name: z.enum(JOB_NAMES),
  error: z.string(),
});
export type JobFailedEvent = z.infer<typeof JobFailedEventSchema>;
