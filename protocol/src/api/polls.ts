/** Polls (spec §3 Poll). */
import { z } from 'zod';
import { Id } from '../primitives.ts';
import { idField, optionalContentId } from '../ids.ts';

export const PollSchema = z.object({
  id: Id,
  contentId: Id.nullable(),
  /** The title of the show the poll runs in; null for lobby polls. */
  contentTitle: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  votes: z.array(z.number().int().nonnegative()),
  totalVotes: z.number().int().nonnegative(),
  hasVoted: z.boolean(),
  /** The option this viewer chose (index into options); null when they have not voted or are signed out. */
  myVote: z.number().int().nonnegative().nullable(),
  /** Seconds left; 0 when closed. */
  timeRemaining: z.number().int().nonnegative(),
});
export type Poll = z.infer<typeof PollSchema>;

export const POLL_OPTIONS = { min: 2, max: 6 } as const;

export const POLL_DURATION_SECONDS = { min: 30, max: 24 * 3600, default: 330 } as const;

/** The first option given twice (ignoring case and surrounding spaces), if any: the form and the schema both refuse it. */
export function repeatedOption(options: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const option of options) {
    const key = option.trim().toLowerCase();
    if (!key) continue;
    if (seen.has(key)) return option.trim();
    seen.add(key);
  }
  return undefined;
}

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
    .max(POLL_OPTIONS.max, { error: `options allows at most ${POLL_OPTIONS.max} choices` })
    // Two "Yes" buttons would split one choice's votes.
    .superRefine((options, ctx) => {
      const twice = repeatedOption(options);
      if (twice !== undefined) ctx.addIssue({ code: 'custom', message: `options must all differ: "${twice}" is there twice` });
    }),
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
  /** Set by the client once per vote; a retry with the same key is answered as the vote that landed. */
  idempotencyKey: z.string({ error: 'idempotencyKey must be text' }).min(8, { error: 'idempotencyKey must be at least 8 characters' }).max(64, { error: 'idempotencyKey must be at most 64 characters' }).optional(),
});
export type PollVoteRequest = z.infer<typeof PollVoteRequestSchema>;

export const PollTallySchema = z.object({
  pollId: z.number().int(),
  votes: z.array(z.number().int()),
  totalVotes: z.number().int(),
});
export type PollTally = z.infer<typeof PollTallySchema>;

export const PollListSchema = z.array(PollSchema);
