/** Q&A (spec §7): questions to the host, of one item or of the lobby. */
import { z } from 'zod';
import { idParam, optionalContentId } from '../ids.ts';

export const QUESTION_MAX_LENGTH = 500;

export const QuestionSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int().nullable(),
  userId: z.number().int(),
  username: z.string(),
  question: z.string(),
  answered: z.boolean(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const QnaSubmitRequestSchema = z.object({
  question: z
    .string({ error: 'question is required' })
    .trim()
    .min(1, { error: 'question is required' })
    .max(QUESTION_MAX_LENGTH, { error: `question must be at most ${QUESTION_MAX_LENGTH} characters` }),
  contentId: optionalContentId,
});
export type QnaSubmitRequest = z.input<typeof QnaSubmitRequestSchema>;

export const QnaListQuerySchema = z.object({
  contentId: idParam('contentId').optional(),
});
