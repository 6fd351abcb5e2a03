/**
 * Translations of content: manual ones (POST /api/content/:id/translations) and AI ones
 * (POST /api/translate runs a translation job and answers 202 with its id at once).
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import { resolveLanguage } from '../jobs/common.ts';
import { TRANSLATION_TEXT_MAX } from '../jobs/translation.ts';
import { Id, IsoDate } from '../primitives.ts';

export const TranslationSchema = z.object({
  id: Id,
  contentId: Id,
  language: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  aiGenerated: z.boolean(),
  createdAt: IsoDate,
});
export type Translation = z.infer<typeof TranslationSchema>;

/** A supported language given by code or English name ('es', 'Spanish'), parsed to its code. */
export const LanguageInputSchema = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .transform((value, ctx) => {
      const code = resolveLanguage(value);
      if (!code) {
        ctx.addIssue({ code: 'custom', message: `${field}: "${value}" is not one of the supported languages` });
        return z.NEVER;
      }
      return code;
    });

export const TranslateRequestSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, { error: 'text is required' })
    .max(TRANSLATION_TEXT_MAX, { error: `text must be at most ${TRANSLATION_TEXT_MAX} characters` }),
  targetLanguage: LanguageInputSchema('targetLanguage'),
  contentId: idParam('contentId'),
});
export type TranslateRequest = z.input<typeof TranslateRequestSchema>;

export const TranslateAcceptedSchema = z.object({
  jobId: z.string(),
  contentId: Id,
  targetLanguage: z.string(),
  engine: z.enum(['apertium', 'libretranslate']),
  route: z.array(z.string()),
});
export type TranslateAccepted = z.infer<typeof TranslateAcceptedSchema>;

export const TranslationCreateRequestSchema = z.object({
  language: LanguageInputSchema('language'),
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(200, { error: 'title must be at most 200 characters' }),
  description: z.string().trim().max(TRANSLATION_TEXT_MAX, { error: `description must be at most ${TRANSLATION_TEXT_MAX} characters` }).optional(),
  aiGenerated: z
    .literal(false, { error: 'aiGenerated: AI translations are stored by the translation job (POST /api/translate)' })
    .optional(),
});
export type TranslationCreateRequest = z.input<typeof TranslationCreateRequestSchema>;

export const TranslationListResponseSchema = z.array(TranslationSchema);
