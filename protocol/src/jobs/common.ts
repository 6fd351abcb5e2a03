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

/** What a queued job carries between the API and the workers: the payload and who asked. */
export interface QueuedJobEnvelope {
  payload: unknown;
  userId: number | null;
}

/** What a worker reports as a job's progress; the owner rides along so every API node can route it. */
export interface QueuedJobProgress extends JobProgress {
  userId: number | null;
}

/** The BullMQ key prefix of a deployment (REDIS_PREFIX); the API and the workers must agree on it. */
export function jobQueuePrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}
