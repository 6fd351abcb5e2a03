import { z } from 'zod';
import { idParam } from '../ids.ts';
import { CONTENT_LIST_MAX, CONTENT_TYPES, CURATION_REGIONS } from '../constants.ts';
import { Id, IsoDate, SearchText } from '../primitives.ts';

export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export const ContentStatusSchema = z.enum(['live', 'offline', 'published']);

/** What a player opens. Null on content when there is nothing to play yet. */
export const PlaybackSchema = z.object({
  /** HLS master playlist (adaptive ladder, audio-only rendition). */
  hls: z.string().nullable(),
  /** Radio and podcasts: the live progressive listen URL, or the episode's audio file on demand. */
  audio: z.string().nullable(),
  /** A progressive MP4: the recording, or the download-sized rendition of an upload. */
  file: z.string().nullable(),
  /** Show art or a video frame. */
  poster: z.string().nullable(),
  live: z.boolean(),
});
export type Playback = z.infer<typeof PlaybackSchema>;

export const ContentSchema = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  type: ContentTypeSchema,
  category: z.string().nullable(),
  status: ContentStatusSchema,
  creatorId: Id.nullable(),
  creatorName: z.string().nullable(),
  /** Live items: people watching now. Others: distinct viewers ever recorded. */
  viewerCount: z.number().int().nonnegative(),
  /** Seconds. */
  duration: z.number().int().nonnegative(),
  language: z.string(),
  createdAt: IsoDate,
  /** Where to play it from; null when there is nothing to play (not yet live, or still processing). */
  playback: PlaybackSchema.nullable(),
});
export type Content = z.infer<typeof ContentSchema>;

/** A query-string flag: 'true' or 'false', read as a boolean; absent, no filter. */
// Optional outside the transform: an absent flag (the home grid asks with none) stops at the
// optional check and never enters the pipe, which cost microseconds a request in a busy server.
const flagParam = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true')
    .optional();

export const ContentListQuerySchema = z.object({
  live: flagParam('live'),
  /** Only items with (or without) a ready file to download for offline use. */
  downloadable: flagParam('downloadable'),
  /** Only items with (or without) ready on-demand media to play: a stream, audio or a file. */
  playable: flagParam('playable'),
  /** Only items whose title or creator's name contains this text (any case). */
  search: SearchText.optional(),
  type: ContentTypeSchema.optional(),
  creatorId: idParam('creatorId').optional(),
  limit: z.coerce.number().int().min(1).max(CONTENT_LIST_MAX, { error: `limit must be at most ${CONTENT_LIST_MAX}` }).optional(),
  /** Orders regionally curated items first for this region; by default the signed-in viewer's own. */
  region: z.enum(CURATION_REGIONS, { error: `region must be one of ${CURATION_REGIONS.join(', ')}` }).optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;

/** What the server keeps of an item's words; forms stop typing there. */
export const CONTENT_TEXT_LIMITS = { title: 200, description: 5000, category: 64, takedownReason: 500 } as const;

const contentTitle = z
  .string({ error: 'title is required' })
  .trim()
  .min(1, { error: 'title is required' })
  .max(CONTENT_TEXT_LIMITS.title, { error: `title must be at most ${CONTENT_TEXT_LIMITS.title} characters` });
const contentDescription = z.string({ error: 'description must be text' }).trim().max(CONTENT_TEXT_LIMITS.description, { error: `description must be at most ${CONTENT_TEXT_LIMITS.description} characters` });
const contentCategory = z.string({ error: 'category must be text' }).trim().max(CONTENT_TEXT_LIMITS.category, { error: `category must be at most ${CONTENT_TEXT_LIMITS.category} characters` });

export const ContentCreateRequestSchema = z.object({
  title: contentTitle,
  description: contentDescription.optional(),
  type: ContentTypeSchema.default('other'),
  category: contentCategory.optional(),
  duration: z.number().int().min(0).max(7 * 24 * 3600).optional(),
});
export type ContentCreateRequest = z.input<typeof ContentCreateRequestSchema>;

/** PATCH /api/content/:id: what a creator may change of an item after making it (an empty text clears it). */
export const ContentUpdateRequestSchema = z
  .object({ title: contentTitle.optional(), description: contentDescription.optional(), category: contentCategory.optional() })
  .refine((body) => body.title !== undefined || body.description !== undefined || body.category !== undefined, { error: 'title, description or category is required' });
export type ContentUpdateRequest = z.input<typeof ContentUpdateRequestSchema>;

/** DELETE /api/content/:id: an admin taking down someone else's item may say why; its creator is told. */
export const ContentDeleteRequestSchema = z.object({
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .max(CONTENT_TEXT_LIMITS.takedownReason, { error: `reason must be at most ${CONTENT_TEXT_LIMITS.takedownReason} characters` })
    .optional(),
});
export type ContentDeleteRequest = z.input<typeof ContentDeleteRequestSchema>;

export const ContentListResponseSchema = z.array(ContentSchema);
export const ContentIdParamsSchema = z.object({ id: idParam('id') });
