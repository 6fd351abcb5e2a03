/**
 * Creator profile and subscriptions (spec §2 Creator dashboard, §3 Creator profile).
 * GET/POST /api/creator, GET /api/creators/{userId}, POST/DELETE /api/creators/{userId}/subscribe.
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import { Id, IsoDate, requiredText } from '../primitives.ts';

export const CreatorProfileSchema = z.object({
  userId: Id,
  handle: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  subscriberCount: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
  /** Cents, USD. */
  revenueCents: z.number().int().nonnegative(),
  contentCount: z.number().int().nonnegative(),
  createdAt: IsoDate,
});
export type CreatorProfile = z.infer<typeof CreatorProfileSchema>;

export const CREATOR_HANDLE = { min: 3, max: 30, pattern: /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/ } as const;
export const CREATOR_BIO_MAX_LENGTH = 500;
export const CREATOR_DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * Where the caller stands on the way to creator tools: `approved` (role creator or admin),
 * `pending` (asked, waiting for an admin), `none` (never asked).
 */
export const CREATOR_STATUSES = ['approved', 'pending', 'none'] as const;
export const CreatorStatusSchema = z.enum(CREATOR_STATUSES);
export type CreatorStatus = z.infer<typeof CreatorStatusSchema>;

export const CreatorProfileRequestSchema = z.object({
  // Lower-cased before the check, so 'Kofi-Live' becomes the handle 'kofi-live' rather than an error.
  handle: z
    .string({ error: 'handle is required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'handle is required' })
    .min(CREATOR_HANDLE.min, { error: `handle must be at least ${CREATOR_HANDLE.min} characters` })
    .max(CREATOR_HANDLE.max, { error: `handle must be at most ${CREATOR_HANDLE.max} characters` })
    .regex(CREATOR_HANDLE.pattern, {
      error: 'handle may only use lowercase letters, digits and dashes, and must start and end with a letter or digit',
    }),
  displayName: requiredText('displayName', CREATOR_DISPLAY_NAME_MAX_LENGTH),
  bio: z
    .string({ error: 'bio must be text' })
    .trim()
    .max(CREATOR_BIO_MAX_LENGTH, { error: `bio must be at most ${CREATOR_BIO_MAX_LENGTH} characters` })
    .nullable()
    .optional(),
});
export type CreatorProfileRequest = z.input<typeof CreatorProfileRequestSchema>;

/** GET and POST /api/creator: the caller's profile (null until created) and creator status. */
export const CreatorStateSchema = z.object({
  profile: CreatorProfileSchema.nullable(),
  creatorStatus: CreatorStatusSchema,
});
export type CreatorState = z.infer<typeof CreatorStateSchema>;

export const CreatorIdParamsSchema = z.object({
  userId: idParam('userId'),
});

/** GET /api/creators/{userId}: a creator's public card, with whether the caller subscribes. */
export const PublicCreatorSchema = z.object({
  userId: Id,
  handle: z.string(),
  displayName: z.string(),
  bio: z.string().nullable(),
  subscriberCount: z.number().int().nonnegative(),
  contentCount: z.number().int().nonnegative(),
  subscribed: z.boolean(),
});
export type PublicCreator = z.infer<typeof PublicCreatorSchema>;

/** POST/DELETE /api/creators/{userId}/subscribe. */
export const SubscriptionStateSchema = z.object({
  creatorId: Id,
  subscribed: z.boolean(),
  subscriberCount: z.number().int().nonnegative(),
});
export type SubscriptionState = z.infer<typeof SubscriptionStateSchema>;
