import { z } from 'zod';

/** Longest text a summary job accepts, in characters (about 5,000 words). */
export const SUMMARY_TEXT_MAX = 30_000;

export const SummaryJobPayloadSchema = z.object({
  text: z.string().min(1).max(SUMMARY_TEXT_MAX),
  /** Upper bound on the sentences kept; the engine picks fewer for short texts. */
  maxSentences: z.number().int().min(1).max(20).optional(),
});
export type SummaryJobPayload = z.infer<typeof SummaryJobPayloadSchema>;

export const SummaryJobResultSchema = z.object({
  summary: z.string(),
  /** Sentences found in the input. */
  sentenceCount: z.number().int().nonnegative(),
  /** Indexes (in input order) of the sentences kept. */
  selected: z.array(z.number().int().nonnegative()),
});
export type SummaryJobResult = z.infer<typeof SummaryJobResultSchema>;
