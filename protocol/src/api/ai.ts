/**
 * AI features over REST: summaries, recommendations, insights, the engines report and job status.
 */
import { z } from 'zod';
import { TranscriptionReportSchema } from './transcripts.ts';
import { ContentTypeSchema } from './content.ts';
import { Id } from '../primitives.ts';
import { ViewershipRecordSchema } from './analytics.ts';
import { QUEUED_JOB_NAMES } from '../jobs/index.ts';
import { SUMMARY_TEXT_MAX } from '../jobs/summary.ts';
import { InsightsJobResultSchema } from '../jobs/insights.ts';
import { LanguageCodeSchema } from '../jobs/common.ts';

export const SummarizeRequestSchema = z.object({
  text: z
    .string({ error: 'text: enter some text to summarize' })
    .trim()
    .min(1, { error: 'text: enter some text to summarize' })
    .max(SUMMARY_TEXT_MAX, { error: `text: at most ${SUMMARY_TEXT_MAX.toLocaleString('en-US')} characters can be summarized at once` }),
});
export type SummarizeRequest = z.input<typeof SummarizeRequestSchema>;
export const SummarizeResponseSchema = z.object({ summary: z.string() });
export type SummarizeResponse = z.infer<typeof SummarizeResponseSchema>;

/** Which signal produced a recommendation. */
export const RecommendationSignalSchema = z.enum(['watched', 'liked', 'category', 'trending']);
export type RecommendationSignal = z.infer<typeof RecommendationSignalSchema>;

export const AiRecommendationSchema = z.object({
  contentId: Id,
  title: z.string(),
  category: z.string(),
  type: ContentTypeSchema,
  /** A sentence naming the signal, e.g. 'Because you watched “Jazz After Dark — Episode 3”'. */
  reason: z.string(),
  signal: RecommendationSignalSchema,
  /** 0..1: the estimated chance that this viewer watches it (see the recommendations engine). */
  confidence: z.number().min(0).max(1),
});
export type AiRecommendation = z.infer<typeof AiRecommendationSchema>;
export const AiRecommendationsResponseSchema = z.array(AiRecommendationSchema);

export const InsightsRequestSchema = z.object({
  analyticsData: ViewershipRecordSchema,
});
export type InsightsRequest = z.input<typeof InsightsRequestSchema>;
export const InsightsResponseSchema = InsightsJobResultSchema;
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

export const LikeResponseSchema = z.object({ contentId: Id, liked: z.boolean(), likes: z.number().int().nonnegative() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/** GET /api/jobs/:id, for the job's owner: the polling fallback of the job:* socket events. */
export const JobStatusSchema = z.object({
  id: z.string(),
  name: z.enum(QUEUED_JOB_NAMES as [string, ...string[]]),
  state: z.enum(['waiting', 'active', 'completed', 'failed']),
  progress: z.number().min(0).max(100),
  message: z.string(),
  result: z.unknown().optional(),
  error: z.string().optional(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const ApertiumPairSchema = z.object({
  /** Apertium's mode name, e.g. 'eng-spa'. */
  mode: z.string(),
  source: LanguageCodeSchema,
  target: LanguageCodeSchema,
  /** The mode translated a probe word when checked. */
  working: z.boolean(),
  /** Why a listed mode does not work (e.g. a missing tool of its pipeline). */
  problem: z.string().nullable(),
});
export type ApertiumPair = z.infer<typeof ApertiumPairSchema>;

export const LanguageSupportSchema = z.object({
  code: LanguageCodeSchema,
  name: z.string(),
  /** English itself, or an engine here translates English into it. */
  available: z.boolean(),
  engine: z.enum(['apertium', 'libretranslate']).nullable(),
  /** Language codes from English to this one (['en', 'es', 'fr'] pivots through Spanish). */
  route: z.array(LanguageCodeSchema),
  /** What to install or configure when it is not available. */
  hint: z.string().nullable(),
});
export type LanguageSupport = z.infer<typeof LanguageSupportSchema>;

export const EnginesReportSchema = z.object({
  summary: z.object({ engine: z.string(), available: z.boolean() }),
  apertium: z.object({
    installed: z.boolean(),
    pairs: z.array(ApertiumPairSchema),
    /** The command that installs the pairs OnAir uses. */
    install: z.string(),
  }),
  libreTranslate: z.object({
    configured: z.boolean(),
    url: z.string().nullable(),
    /** Answered GET /languages when checked; null when not configured. */
    reachable: z.boolean().nullable(),
    languages: z.array(z.string()).nullable(),
  }),
  /** Each of the 12 supported languages: can English content be translated into it here? */
  languages: z.array(LanguageSupportSchema),
  /** Speech to text: which engine transcribes which language (captions and transcripts). */
  transcription: TranscriptionReportSchema,
  checkedAt: z.string(),
});
export type EnginesReport = z.infer<typeof EnginesReportSchema>;
