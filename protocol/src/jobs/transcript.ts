import { z } from 'zod';
import { LanguageCodeSchema } from './common.ts';
import { TranscriptionEngineNameSchema } from '../api/transcripts.ts';

/**
 * The `transcript` job: speech to text for an on-demand item with audio (an upload or a recording,
 * queued when its media job is done). WebVTT, plain text and the cues are stored with the item.
 */
export const TranscriptJobPayloadSchema = z.object({
  contentId: z.number().int().positive(),
  language: LanguageCodeSchema,
});
export type TranscriptJobPayload = z.infer<typeof TranscriptJobPayloadSchema>;

export const TranscriptJobResultSchema = z.object({
  contentId: z.number().int().positive(),
  engine: TranscriptionEngineNameSchema,
  language: LanguageCodeSchema,
  cues: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
});
export type TranscriptJobResult = z.infer<typeof TranscriptJobResultSchema>;

/** The `subtitles` job: an item's transcript translated cue by cue into a subtitle track. */
export const SubtitlesJobPayloadSchema = z.object({
  contentId: z.number().int().positive(),
  targetLanguage: LanguageCodeSchema,
});
export type SubtitlesJobPayload = z.infer<typeof SubtitlesJobPayloadSchema>;

export const SubtitlesJobResultSchema = z.object({
  contentId: z.number().int().positive(),
  language: LanguageCodeSchema,
  cues: z.number().int().nonnegative(),
  engine: z.enum(['apertium', 'libretranslate']),
});
export type SubtitlesJobResult = z.infer<typeof SubtitlesJobResultSchema>;
