/**
 * The admin dashboard (spec §2 Admin dashboard, §3 analytics entities, §7 admin calls): system health
 * and the dashboard queries. Moderation, users, notifications, curation and ratings have their own
 * files. Every /api/admin/* call answers 401 signed out and 403 for anyone but an admin.
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import {
  ADMIN_CONTENT_PERIODS,
  ADMIN_REGION_PERIODS,
  CURATION_REGIONS,
  DEVICE_TYPES,
} from '../constants.ts';
import { ContentAnalyticsItemSchema, PeakUsageSchema, RegionalAnalyticsSchema } from './analytics.ts';
import { ContentSchema, ContentStatusSchema, ContentTypeSchema } from './content.ts';
import { MediaStatusSchema } from './media.ts';
import { Id, IsoDate, PageQuery, pageFields, SearchText } from '../primitives.ts';
import { RoleShareSchema } from './users.ts';
import { DAY_MS } from '../constants.ts';

export const SystemHealthSchema = z.object({
  /** Percent 0..100: the larger of event-loop utilisation and process CPU. */
  serverLoad: z.number(),
  /** Score 0..100 from database round trips (100 minus the p95 round trip in ms). */
  databasePerformance: z.number(),
  /** Percent of static asset requests answered from cache (304); null before any such request. */
  cdnEfficiency: z.number().nullable(),
  /** p95 of recent API request latency in ms; null before any request. */
  apiResponseTime: z.number().nullable(),
  activeConnections: z.number().int().nonnegative(),
  /** Bytes per second sent over the last interval. */
  bandwidth: z.number(),
  /** Seconds since the process started. */
  uptime: z.number(),
  errors: z.object({ last24h: z.number().int(), resolved: z.number().int(), pending: z.number().int() }),
  measuredAt: IsoDate,
});
export type SystemHealth = z.infer<typeof SystemHealthSchema>;


/** Rolling windows ending now: a period is the last N days, compared with the N days before. */
export const ADMIN_PERIOD_DAYS = { day: 1, week: 7, month: 30, quarter: 90, year: 365 } as const;
export type AdminPeriod = keyof typeof ADMIN_PERIOD_DAYS;
export const adminPeriodMs = (period: AdminPeriod) => ADMIN_PERIOD_DAYS[period] * DAY_MS;

/** Usage analytics (the overview cards) look back this far. */
export const USAGE_WINDOW_DAYS = 30;

const count = z.number().int().nonnegative();
/** Percent 0..100, one decimal. */
const percent = z.number();

export const DeviceShareSchema = z.object({ device: z.enum(DEVICE_TYPES), views: count, share: percent });
export type DeviceShare = z.infer<typeof DeviceShareSchema>;

/** `:id` of a user, a moderation item or a curation. */
export const AdminIdParamsSchema = z.object({
  id: idParam('id'),
});

// ---- GET /api/admin/content: every item, whatever its state, for takedowns ------------------------

/** What an item's media is doing: being made, playable, or failed (null: nothing uploaded or recorded). */
export const ADMIN_MEDIA_STATES = MediaStatusSchema.shape.status.options;

export const AdminContentQuerySchema = PageQuery.extend({
  /** Matches the title or the creator's name. */
  search: SearchText.optional(),
  status: ContentStatusSchema.optional(),
  type: ContentTypeSchema.optional(),
  media: z.enum(ADMIN_MEDIA_STATES, { error: `media must be one of ${ADMIN_MEDIA_STATES.join(', ')}` }).optional(),
});
export type AdminContentQuery = z.infer<typeof AdminContentQuerySchema>;

export const AdminContentItemSchema = ContentSchema.extend({
  media: MediaStatusSchema.shape.status.nullable(),
  /** Why processing failed, in words a creator can act on. */
  mediaError: z.string().nullable(),
});
export type AdminContentItem = z.infer<typeof AdminContentItemSchema>;

export const AdminContentPageSchema = z.object({ items: z.array(AdminContentItemSchema), ...pageFields });
export type AdminContentPage = z.infer<typeof AdminContentPageSchema>;

// ---- GET /api/admin/content-metrics -------------------------------------------------------------

export const ContentMetricsQuerySchema = z.object({
  period: z.enum(ADMIN_CONTENT_PERIODS, { error: `period must be one of ${ADMIN_CONTENT_PERIODS.join(', ')}` }).default('week'),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .default(10),
});
export type ContentMetricsQuery = z.input<typeof ContentMetricsQuerySchema>;

/** views, likes and comments happen in the period; avgRating (and ratings) are over all time. */
export const ContentMetricsItemSchema = ContentAnalyticsItemSchema.extend({ category: z.string().nullable(), ratings: count });
export type ContentMetricsItem = z.infer<typeof ContentMetricsItemSchema>;

export const CategoryPerformanceSchema = z.object({
  /** null: items without a category. */
  category: z.string().nullable(),
  items: count,
  views: count,
  viewers: count,
  avgWatchSeconds: z.number().nonnegative(),
  share: percent,
});
export type CategoryPerformance = z.infer<typeof CategoryPerformanceSchema>;

export const TopRatedSchema = z.object({ id: Id, title: z.string(), type: ContentTypeSchema, avgRating: z.number(), ratings: count });
export type TopRated = z.infer<typeof TopRatedSchema>;

/** Items need at least this many ratings to be listed as top rated, so one 5-star vote does not win. */
export const TOP_RATED_MIN_RATINGS = 2;

export const ContentMetricsSchema = z.object({
  period: z.enum(ADMIN_CONTENT_PERIODS),
  from: IsoDate,
  to: IsoDate,
  /** Most viewed first. */
  items: z.array(ContentMetricsItemSchema),
  categories: z.array(CategoryPerformanceSchema),
  totals: z.object({
    views: count,
    viewers: count,
    watchHours: z.number().nonnegative(),
    likes: count,
    comments: count,
    /** Items in the library, and those published in the period. */
    contentCount: count,
    newContent: count,
  }),
  /** Hours of the day (UTC) by the most distinct viewers seen in one such hour; busiest first. */
  peakHours: z.array(PeakUsageSchema),
  devices: z.array(DeviceShareSchema),
  community: z.object({ ratings: count, avgRating: z.number().nullable(), topRated: z.array(TopRatedSchema) }),
});
export type ContentMetrics = z.infer<typeof ContentMetricsSchema>;

// ---- GET /api/admin/region-metrics --------------------------------------------------------------

export const RegionMetricsQuerySchema = z.object({
  period: z.enum(ADMIN_REGION_PERIODS, { error: `period must be one of ${ADMIN_REGION_PERIODS.join(', ')}` }).default('week'),
});
export type RegionMetricsQuery = z.input<typeof RegionMetricsQuerySchema>;

/**
 * churnRate: percent of the region's viewers of the previous period who did not come back in this one;
 * growth: percent change of views against the previous period. Both null without a previous period.
 */
export const RegionMetricsItemSchema = RegionalAnalyticsSchema.extend({
  region: z.enum(CURATION_REGIONS),
  churnRate: z.number().nullable(),
  growth: z.number().nullable(),
  previousViews: count,
  countries: count,
});
export type RegionMetricsItem = z.infer<typeof RegionMetricsItemSchema>;

export const RegionMetricsSchema = z.object({
  period: z.enum(ADMIN_REGION_PERIODS),
  from: IsoDate,
  to: IsoDate,
  /** Most views first. */
  regions: z.array(RegionMetricsItemSchema),
  /** Views whose country is unknown: counted nowhere above. */
  unmappedViews: count,
});
export type RegionMetrics = z.infer<typeof RegionMetricsSchema>;

// ---- GET /api/admin/usage-analytics -------------------------------------------------------------

export const ACTIVITY_KINDS = ['user_joined', 'content_published', 'stream_started', 'flagged', 'admin_action'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ActivityEntrySchema = z.object({ kind: z.enum(ACTIVITY_KINDS), text: z.string(), at: IsoDate });
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
export const ACTIVITY_FEED_LIMIT = 15;

export const UsageAnalyticsSchema = z.object({
  windowDays: z.number().int().positive(),
  totals: z.object({
    users: count,
    /** Distinct viewers (accounts and devices) with a view in the window. */
    activeUsers: count,
    contentViews: count,
    /** Seconds watched per view; null without views. */
    avgSessionSeconds: z.number().nullable(),
    countries: count,
    liveNow: count,
  }),
  peakHours: z.array(PeakUsageSchema),
  devices: z.array(DeviceShareSchema),
  roles: z.array(RoleShareSchema),
  activity: z.array(ActivityEntrySchema),
  /** The newest publishes and go-lives alone (the Content tab's feed). */
  contentActivity: z.array(ActivityEntrySchema),
});
export type UsageAnalytics = z.infer<typeof UsageAnalyticsSchema>;
