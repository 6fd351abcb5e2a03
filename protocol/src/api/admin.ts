/**
 * The admin area (spec §2 Admin dashboard, §3 analytics entities, §7 admin calls): the four dashboard
 * queries, moderation decisions, user management, regional curation, notifications and ratings.
 * Every /api/admin/* call answers 401 signed out and 403 for anyone but an admin.
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import {
  ADMIN_CONTENT_PERIODS,
  ADMIN_REGION_PERIODS,
  CURATION_CONTENT_TYPES,
  CURATION_PRIORITIES,
  CURATION_REGIONS,
  DEVICE_TYPES,
  ROLES,
  type ContentType,
} from '../constants.ts';
import {
  ContentAnalyticsItemSchema,
  ContentTypeSchema,
  Id,
  IsoDate,
  ModerationItemSchema,
  PeakUsageSchema,
  RegionalAnalyticsSchema,
  RoleSchema,
  UserSchema,
} from '../entities.ts';

const DAY_MS = 24 * 3600 * 1000;

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

export const RoleShareSchema = z.object({ role: RoleSchema, count, share: percent });
export type RoleShare = z.infer<typeof RoleShareSchema>;

/** `:id` of a user, a moderation item or a curation. */
export const AdminIdParamsSchema = z.object({
  id: idParam('id'),
});

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
});
export type UsageAnalytics = z.infer<typeof UsageAnalyticsSchema>;

// ---- Moderation ---------------------------------------------------------------------------------

export const AdminModerationItemSchema = ModerationItemSchema.extend({
  contentId: Id.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: IsoDate.nullable(),
});
export type AdminModerationItem = z.infer<typeof AdminModerationItemSchema>;

export const ModerationQueueQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(200, { error: 'limit must be at most 200' })
    .default(50),
});

export const COMMUNITY_HEALTH_DAYS = 7;

export const ModerationQueueSchema = z.object({
  /** Pending first (oldest waiting first), then decided ones, newest decision first. */
  items: z.array(AdminModerationItemSchema),
  counters: z.object({ pending: count, approved: count, rejected: count, today: count }),
  health: z.object({
    /** Percent of chat messages flagged over the last 7 days; null without messages. */
    flagRate: z.number().nullable(),
    flaggedMessages: count,
    totalMessages: count,
    /** One entry per UTC day of the last 7, oldest first; avgSentiment null on a day without chat. */
    sentimentTrend: z.array(z.object({ date: z.string(), avgSentiment: z.number().nullable(), messages: count })),
    /** Seconds from flag to decision, averaged over decided items; null before any decision. */
    avgResponseSeconds: z.number().nullable(),
    activeTimeouts: count,
  }),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const MAX_TIMEOUT_MINUTES = 7 * 24 * 60;
export const ModerationDecisionRequestSchema = z.object({
  timeoutMinutes: z
    .number({ error: 'timeoutMinutes must be a number' })
    .int({ error: 'timeoutMinutes must be a whole number' })
    .min(1, { error: 'timeoutMinutes must be at least 1' })
    .max(MAX_TIMEOUT_MINUTES, { error: `timeoutMinutes must be at most ${MAX_TIMEOUT_MINUTES}` })
    .optional(),
});
export type ModerationDecisionRequest = z.infer<typeof ModerationDecisionRequestSchema>;

export const ModerationDecisionSchema = z.object({ item: AdminModerationItemSchema, timedOutUntil: IsoDate.nullable() });
export type ModerationDecision = z.infer<typeof ModerationDecisionSchema>;

// ---- Users --------------------------------------------------------------------------------------

export const USER_STATUSES = ['active', 'suspended'] as const;

export const AdminUsersQuerySchema = z.object({
  search: z.string({ error: 'search must be text' }).trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }).optional(),
  status: z.enum(USER_STATUSES, { error: `status must be one of ${USER_STATUSES.join(', ')}` }).optional(),
  page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' }).min(1, { error: 'page must be at least 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be at least 1' })
    .max(100, { error: 'pageSize must be at most 100' })
    .default(20),
});
export type AdminUsersQuery = z.input<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = UserSchema.extend({
  status: z.enum(USER_STATUSES),
  country: z.string().nullable(),
  lastActiveAt: IsoDate.nullable(),
  timedOutUntil: IsoDate.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersSchema = z.object({
  users: z.array(AdminUserSchema),
  /** Matching the search and filters. */
  total: count,
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Over every account, whatever the search. */
  stats: z.object({ total: count, active: count, suspended: count, verified: count, pendingCreatorRequests: count, newThisWeek: count }),
  roles: z.array(RoleShareSchema),
});
export type AdminUsers = z.infer<typeof AdminUsersSchema>;

export const AdminRoleRequestSchema = z.object({ role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}` }) });
export const ADMIN_MESSAGE_MAX_LENGTH = 1000;
export const AdminMessageRequestSchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, { error: 'text is required' })
    .max(ADMIN_MESSAGE_MAX_LENGTH, { error: `text must be at most ${ADMIN_MESSAGE_MAX_LENGTH} characters` }),
});

// ---- Notifications ------------------------------------------------------------------------------

export const NotificationSchema = z.object({
  id: Id,
  kind: z.enum(['admin_message']),
  text: z.string(),
  /** Username of the sender; null when the sender's account is gone. */
  from: z.string().nullable(),
  read: z.boolean(),
  createdAt: IsoDate,
});
export type Notification = z.infer<typeof NotificationSchema>;
export const NotificationsSchema = z.object({ items: z.array(NotificationSchema), unread: count });
export type Notifications = z.infer<typeof NotificationsSchema>;
export const NOTIFICATIONS_LIMIT = 50;

// ---- Regional curation --------------------------------------------------------------------------

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

// ---- Ratings ------------------------------------------------------------------------------------

export const ContentRatingRequestSchema = z.object({
  rating: z
    .number({ error: 'rating must be a number' })
    .int({ error: 'rating must be a whole number' })
    .min(1, { error: 'rating must be between 1 and 5' })
    .max(5, { error: 'rating must be between 1 and 5' }),
});
export const ContentRatingSchema = z.object({ contentId: Id, rating: z.number().int(), avgRating: z.number(), ratings: count });
export type ContentRating = z.infer<typeof ContentRatingSchema>;
