import { z } from 'zod';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '../constants.ts';

/** What a processor reports while it runs: 0..100 and a sentence for the progress bar. */
export const JobProgressSchema = z.object({
  progress: z.number().min(0).max(100),
  message: z.string(),
});
export type JobProgress = z.infer<typeof JobProgressSchema>;

const LANGUAGE_CODES = SUPPORTED_LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]];
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);

/** The English name of a supported language code ('es' → 'Spanish'). */
export function languageName(code: string): string {
  return SUPPORTED_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/**
 * Resolves a language given by code or English name, in any case ('es', 'ES', 'Spanish'), to its code;
 * undefined when it is not one of the supported languages.
 */
export function resolveLanguage(input: string): LanguageCode | undefined {
  const key = input.trim().toLowerCase();
  return SUPPORTED_LANGUAGES.find((l) => l.code === key || l.name.toLowerCase() === key)?.code;
}
