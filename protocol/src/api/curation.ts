/** Regional curation (spec §2 Admin dashboard): what Home features per region. */
import { z } from 'zod';
import { Id, IsoDate } from '../primitives.ts';
import { CURATION_REGIONS, CURATION_CONTENT_TYPES, CURATION_PRIORITIES } from '../constants.ts';
import type { ContentType } from '../constants.ts';

export const CurationRequestSchema = z.object({
  region: z.enum(CURATION_REGIONS, { error: `region must be one of ${CURATION_REGIONS.join(', ')}` }),
  contentType: z.enum(CURATION_CONTENT_TYPES, { error: `contentType must be one of ${CURATION_CONTENT_TYPES.join(', ')}` }),
  priority: z.enum(CURATION_PRIORITIES, { error: `priority must be one of ${CURATION_PRIORITIES.join(', ')}` }),
});
export type CurationRequest = z.infer<typeof CurationRequestSchema>;

export const CurationSchema = CurationRequestSchema.extend({
  id: Id,
  createdBy: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Curation = z.infer<typeof CurationSchema>;

/** What each curation content type matches: tv and radio by content type, the others by category. */
export const CURATION_MATCH: Readonly<
  Record<(typeof CURATION_CONTENT_TYPES)[number], { type: ContentType; category?: never } | { category: string; type?: never }>
> = {
  tv: { type: 'tv' },
  radio: { type: 'radio' },
  education: { category: 'education' },
  religious: { category: 'religion' },
};
/** Order of precedence on Home: high before medium before low. */
export const CURATION_PRIORITY_WEIGHT = { high: 3, medium: 2, low: 1 } as const;
