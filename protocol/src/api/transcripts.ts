import { z } from 'zod';
import { LanguageCodeSchema } from '../jobs/common.ts';

/**
 * Captions and transcripts: which engine turns speech into text for which language, an item's stored
 * transcript (cues with times, WebVTT, plain text), transcript search and the measured accuracy of the
 * offline engine.
 */
export const TranscriptionEngineNameSchema = z.enum(['pocketsphinx', 'openai-compatible']);
export type TranscriptionEngineName = z.infer<typeof TranscriptionEngineNameSchema>;

export const TranscriptionLanguageSchema = z.object({
  code: LanguageCodeSchema,
  name: z.string(),
  /** The engine that transcribes speech in this language here; null when none does. */
  engine: TranscriptionEngineNameSchema.nullable(),
  /** What to install or configure when no engine does. */
  hint: z.string().nullable(),
});
export type TranscriptionLanguage = z.infer<typeof TranscriptionLanguageSchema>;

export const TranscriptionReportSchema = z.object({
  pocketsphinx: z.object({
    installed: z.boolean(),
    /** The acoustic model folder when found (pocketsphinx-en-us). */
    model: z.string().nullable(),
    install: z.string(),
  }),
  server: z.object({
    configured: z.boolean(),
    url: z.string().nullable(),
  }),
  languages: z.array(TranscriptionLanguageSchema),
});
export type TranscriptionReport = z.infer<typeof TranscriptionReportSchema>;

export const TranscriptCueSchema = z.object({
  startMs: z.number().int().nonnegative(),
  endMs: z.number().int().nonnegative(),
  text: z.string(),
});
export type TranscriptCue = z.infer<typeof TranscriptCueSchema>;

export const TranscriptStatusSchema = z.enum(['queued', 'processing', 'ready', 'failed']);
export type TranscriptStatus = z.infer<typeof TranscriptStatusSchema>;

/** GET /api/content/:id/transcript. */
export const TranscriptSchema = z.object({
  contentId: z.number().int().positive(),
  status: TranscriptStatusSchema,
  language: LanguageCodeSchema,
  engine: TranscriptionEngineNameSchema.nullable(),
  error: z.string().nullable(),
  cues: z.array(TranscriptCueSchema),
  text: z.string(),
  /** Where the WebVTT file is served (a subtitle track); null until ready. */
  vttUrl: z.string().nullable(),
  /** Translated subtitle tracks made from this transcript. */
  translations: z.array(z.object({ language: LanguageCodeSchema, vttUrl: z.string() })),
  updatedAt: z.number(),
});

/** POST /api/content/:id/transcript/translations. */
export const SubtitlesRequestSchema = z.object({ language: LanguageCodeSchema });
export type Transcript = z.infer<typeof TranscriptSchema>;

/** GET /api/transcripts/search?q= : items whose transcript says the words, and the moment they do. */
export const TranscriptSearchQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(2, { error: 'q must be at least 2 characters' }).max(200, { error: 'q must be at most 200 characters' }),
});
export const TranscriptSearchHitSchema = z.object({
  contentId: z.number().int().positive(),
  title: z.string(),
  startMs: z.number().int().nonnegative(),
  endMs: z.number().int().nonnegative(),
  text: z.string(),
});
export type TranscriptSearchHit = z.infer<typeof TranscriptSearchHitSchema>;
export const TranscriptSearchResultSchema = z.object({ query: z.string(), hits: z.array(TranscriptSearchHitSchema) });
export type TranscriptSearchResult = z.infer<typeof TranscriptSearchResultSchema>;

/**
 * The measured quality of the offline engine (`npm run bench:captions`): word error rate against the
 * reference transcripts of a packaged corpus, and the real-time factor (processing time / audio time).
 */
export const CaptionsQualitySchema = z.object({
  engine: TranscriptionEngineNameSchema,
  corpus: z.string(),
  files: z.number().int().positive(),
  referenceWords: z.number().int().positive(),
  wordErrorRate: z.number().nonnegative(),
  /** 100 × (1 − WER), floored at 0, one decimal. */
  wordAccuracyPercent: z.number().min(0).max(100),
  audioSeconds: z.number().positive(),
  realTimeFactor: z.number().nonnegative(),
  measuredAt: z.string(),
});
export type CaptionsQuality = z.infer<typeof CaptionsQualitySchema>;
/** GET /api/captions/quality: the stored figure, or null when none was measured here. */
export const CaptionsQualityAnswerSchema = z.object({ quality: CaptionsQualitySchema.nullable() });
export type CaptionsQualityAnswer = z.infer<typeof CaptionsQualityAnswerSchema>;
