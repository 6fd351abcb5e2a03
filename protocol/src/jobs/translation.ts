import { z } from 'zod';
import { LanguageCodeSchema } from './common.ts';

/** Longest text one translation job accepts, in characters. */
export const TRANSLATION_TEXT_MAX = 20_000;

export const TranslationJobPayloadSchema = z.object({
  contentId: z.number().int().positive(),
  /** The text to translate; it becomes the translation's description, the content's title its title. */
  text: z.string().min(1).max(TRANSLATION_TEXT_MAX),
  sourceLanguage: LanguageCodeSchema,
  targetLanguage: LanguageCodeSchema,
});
export type TranslationJobPayload = z.infer<typeof TranslationJobPayloadSchema>;

export const TranslationEngineNameSchema = z.enum(['apertium', 'libretranslate']);
export type TranslationEngineName = z.infer<typeof TranslationEngineNameSchema>;

export const TranslationJobResultSchema = z.object({
  translationId: z.number().int().positive(),
  contentId: z.number().int().positive(),
  language: LanguageCodeSchema,
  title: z.string(),
  description: z.string(),
  engine: TranslationEngineNameSchema,
  /** Language codes the text went through, source first ('en', 'es', 'fr' for a pivot through Spanish). */
  route: z.array(LanguageCodeSchema),
});
export type TranslationJobResult = z.infer<typeof TranslationJobResultSchema>;
