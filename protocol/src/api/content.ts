import { z } from 'zod';
import { idParam } from '../ids.ts';
import { CURATION_REGIONS } from '../constants.ts';
import { ContentSchema, ContentTypeSchema } from '../entities.ts';

export const ContentListQuerySchema = z.object({
  live: z
    .enum(['true', 'false'], { error: 'live must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  type: ContentTypeSchema.optional(),
  creatorId: idParam('creatorId').optional(),
  limit: z.coerce.number().int().min(1).max(500, { error: 'limit must be at most 500' }).optional(),
  /** Orders regionally curated items first for this region; by default the signed-in viewer's own. */
  region: z.enum(CURATION_REGIONS, { error: `region must be one of ${CURATION_REGIONS.join(', ')}` }).optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;

export const ContentCreateRequestSchema = z.object({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(200, { error: 'title must be at most 200 characters' }),
  description: z.string().trim().max(5000, { error: 'description must be at most 5000 characters' }).optional(),
  type: ContentTypeSchema.default('other'),
  category: z.string().trim().max(64).optional(),
  duration: z.number().int().min(0).max(7 * 24 * 3600).optional(),
});
export type ContentCreateRequest = z.input<typeof ContentCreateRequestSchema>;

export const ContentListResponseSchema = z.array(ContentSchema);
export const ContentIdParamsSchema = z.object({ id: idParam('id') });
