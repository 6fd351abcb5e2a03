import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { DEVICE_TYPES } from '../constants.ts';
import { Id } from '../primitives.ts';
import { ContentTypeSchema } from './content.ts';

export const AnalyticsSummarySchema = z.object({
  totalViewers: z.number().int().nonnegative(),
  globalReach: z.number().int().nonnegative(),
  totalContent: z.number().int().nonnegative(),
});
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

export const DeviceSchema = z.enum(DEVICE_TYPES);

export const ViewershipRecordSchema = z.object({
  contentId: Id,
  title: z.string(),
  viewerCount: z.number().int().nonnegative(),
  peakViewers: z.number().int().nonnegative(),
  /** Fraction 0..1. */
  engagement: z.number().min(0).max(1),
  /** Seconds. */
  averageWatchTime: z.number().nonnegative(),
  deviceBreakdown: z.record(z.string(), z.number().int().nonnegative()),
  locationBreakdown: z.record(z.string(), z.number().int().nonnegative()),
});
export type ViewershipRecord = z.infer<typeof ViewershipRecordSchema>;

export const ContentAnalyticsItemSchema = z.object({
  id: Id,
  title: z.string(),
  views: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  avgRating: z.number().nullable(),
  type: ContentTypeSchema,
  duration: z.number().int().nonnegative(),
});
export type ContentAnalyticsItem = z.infer<typeof ContentAnalyticsItemSchema>;

export const RegionalAnalyticsSchema = z.object({
  region: z.string(),
  activeUsers: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
  peakConcurrent: z.number().int().nonnegative(),
  avgSessionDuration: z.number().nonnegative(),
  churnRate: z.number(),
  growth: z.number(),
});
export type RegionalAnalytics = z.infer<typeof RegionalAnalyticsSchema>;

export const PeakUsageSchema = z.object({ hour: z.number().int().min(0).max(23), peakUsers: z.number().int() });
export type PeakUsage = z.infer<typeof PeakUsageSchema>;

export const AnalyticsSummaryResponseSchema = AnalyticsSummarySchema;

export const VIEWERSHIP_LIMIT = { default: 50, max: 500 } as const;
export const VIEWERSHIP_MAX_DAYS = 365;

/**
 * GET /api/analytics/viewership and /api/analytics/viewership/totals. Scoped by the server to the
 * caller: a creator's own content, everything for an admin, a viewer's own watch history.
 */
export const ViewershipQuerySchema = z.object({
  contentId: idParam('contentId').optional(),
  days: z.coerce
    .number({ error: 'days must be a number' })
    .int({ error: 'days must be a whole number' })
    .min(1, { error: 'days must be at least 1' })
    .max(VIEWERSHIP_MAX_DAYS, { error: `days must be at most ${VIEWERSHIP_MAX_DAYS}` })
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be at least 1' })
    .max(VIEWERSHIP_LIMIT.max, { error: `limit must be at most ${VIEWERSHIP_LIMIT.max}` })
    .optional(),
});
export type ViewershipQuery = z.input<typeof ViewershipQuerySchema>;

/** Records come most-viewed first. deviceBreakdown and locationBreakdown count views (events). */
export const ViewershipResponseSchema = z.array(ViewershipRecordSchema);

/**
 * The same figures over everything in scope at once. Distinct viewers cannot be summed across items
 * (one person watching two items would count twice), so the server computes them here.
 */
export const ViewershipTotalsSchema = ViewershipRecordSchema.omit({ contentId: true, title: true }).extend({
  views: z.number().int().nonnegative(),
  contentCount: z.number().int().nonnegative(),
});
export type ViewershipTotals = z.infer<typeof ViewershipTotalsSchema>;

/**
 * GET /api/analytics/viewership/daily: views, distinct viewers and watch time per UTC day over the
 * same scope and filter, oldest first, every day present (0 when nothing was watched). Without `days`
 * the series starts at the first view in scope, at most VIEWERSHIP_MAX_DAYS ago.
 */
export const ViewershipDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  views: z.number().int().nonnegative(),
  viewers: z.number().int().nonnegative(),
  watchSeconds: z.number().int().nonnegative(),
});
export type ViewershipDay = z.infer<typeof ViewershipDaySchema>;
export const ViewershipDailyResponseSchema = z.array(ViewershipDaySchema);

export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;
export const MAX_RECORDED_WATCH_SECONDS = 24 * 3600;

/** POST /api/analytics/record: a finished view from a player without a live socket. */
export const ViewRecordRequestSchema = z.object({
  contentId: idField('contentId'),
  device: z.enum(DEVICE_TYPES, { error: `device must be one of ${DEVICE_TYPES.join(', ')}` }),
  watchSeconds: z
    .number({ error: 'watchSeconds is required' })
    .int({ error: 'watchSeconds must be a whole number' })
    .min(0, { error: 'watchSeconds must be 0 or more' })
    .max(MAX_RECORDED_WATCH_SECONDS, { error: `watchSeconds must be at most ${MAX_RECORDED_WATCH_SECONDS}` }),
  country: z
    .string({ error: 'country must be text' })
    .trim()
    .toUpperCase()
    .regex(COUNTRY_CODE_PATTERN, { error: 'country must be a two-letter ISO country code' })
    .optional(),
  /** An opaque id a signed-out player keeps (local storage), so its views count as one viewer. */
  deviceKey: z
    .string({ error: 'deviceKey must be text' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'deviceKey must be 8 to 64 letters, digits, dashes or underscores' })
    .optional(),
});
export type ViewRecordRequest = z.input<typeof ViewRecordRequestSchema>;

export const ViewRecordResponseSchema = z.object({
  /** False when the view was too short to count (zapping), or clipped to nothing. */
  recorded: z.boolean(),
  /** Seconds stored: never longer than the item (or its time on air), nor than has passed since the same viewer's previous report. */
  watchSeconds: z.number().int().nonnegative(),
});
export type ViewRecordResponse = z.infer<typeof ViewRecordResponseSchema>;
