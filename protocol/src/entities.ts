/**
 * Every entity of spec §3 as a zod schema with its inferred type. Requests and responses of the REST
 * calls (./api/*.ts) are built from these.
 */
import { z } from 'zod';
import {
  ACHIEVEMENT_ICONS,
  CONTENT_TYPES,
  DEVICE_TYPES,
  PAYMENT_METHOD_TYPES,
  ROLES,
  SYNDICATION_PLATFORMS,
} from './constants.ts';

export const Id = z.number().int().positive();
export const IsoDate = z.string();

export const RoleSchema = z.enum(ROLES);

/** A user as the server returns it: never the password hash. */
export const UserSchema = z.object({
  id: Id,
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: RoleSchema,
  subscription: z.string(),
  verified: z.boolean(),
  /** A creator request waiting for an admin: 'pending'; otherwise null. */
  creatorRequest: z.enum(['pending', 'approved']).nullable(),
  createdAt: IsoDate,
});
export type User = z.infer<typeof UserSchema>;

export const ContentTypeSchema = z.enum(CONTENT_TYPES);
export const ContentStatusSchema = z.enum(['live', 'offline', 'published']);

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
});
export type Content = z.infer<typeof ContentSchema>;

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

export const MobileDeviceSchema = z.object({
  id: Id,
  deviceType: z.enum(['ios', 'android', 'web', 'roku', 'androidtv', 'firetv', 'webos']),
  deviceName: z.string(),
  lastActive: IsoDate,
  notifications: z.boolean(),
  appVersion: z.string(),
});
export type MobileDevice = z.infer<typeof MobileDeviceSchema>;

export const SmartTvDeviceSchema = z.object({
  id: Id,
  deviceName: z.string(),
  platform: z.string(),
  lastUsed: IsoDate,
  isConnected: z.boolean(),
});
export type SmartTvDevice = z.infer<typeof SmartTvDeviceSchema>;

export const OfflineContentSchema = z.object({
  id: Id,
  title: z.string(),
  /** Minutes. */
  duration: z.number(),
  type: ContentTypeSchema,
  downloadedAt: IsoDate,
  downloadProgress: z.number().min(0).max(100),
});
export type OfflineContent = z.infer<typeof OfflineContentSchema>;

/** How the chat labels an author: Moderators (admins), VIP Members (paid plans), New Viewers (< 7 days). */
export const ChatAudienceSchema = z.enum(['moderator', 'vip', 'new', 'regular']);
export type ChatAudience = z.infer<typeof ChatAudienceSchema>;

export const ChatMessageSchema = z.object({
  id: Id,
  contentId: Id.nullable(),
  userId: Id,
  username: z.string(),
  message: z.string(),
  timestamp: IsoDate,
  audience: ChatAudienceSchema,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const PollSchema = z.object({
  id: Id,
  contentId: Id.nullable(),
  /** The title of the show the poll runs in; null for lobby polls. */
  contentTitle: z.string().nullable(),
  question: z.string(),
  options: z.array(z.string()),
  votes: z.array(z.number().int().nonnegative()),
  totalVotes: z.number().int().nonnegative(),
  hasVoted: z.boolean(),
  /** Seconds left; 0 when closed. */
  timeRemaining: z.number().int().nonnegative(),
});
export type Poll = z.infer<typeof PollSchema>;

export const AchievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(ACHIEVEMENT_ICONS),
  earned: z.boolean(),
  earnedDate: IsoDate.nullable(),
  progress: z.number(),
  maxProgress: z.number(),
});
export type Achievement = z.infer<typeof AchievementSchema>;

export const LeaderboardEntrySchema = z.object({
  userId: Id,
  rank: z.number().int().positive(),
  username: z.string(),
  points: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

export const GamificationProfileSchema = z.object({
  points: z.number().int(),
  level: z.number().int().positive(),
  dailyStreaks: z.number().int().nonnegative(),
  achievements: z.array(AchievementSchema),
  leaderboard: z.array(LeaderboardEntrySchema),
});
export type GamificationProfile = z.infer<typeof GamificationProfileSchema>;

export const SubscriptionTierSchema = z.object({
  id: z.enum(['free', 'premium', 'pro']),
  name: z.string(),
  price: z.number().nonnegative(),
  interval: z.string(),
  popular: z.boolean(),
  features: z.array(z.string()),
});
export type SubscriptionTier = z.infer<typeof SubscriptionTierSchema>;

export const PaymentMethodSchema = z.object({
  id: Id,
  type: z.enum(PAYMENT_METHOD_TYPES),
  name: z.string(),
  last4: z.string(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const RevenueSummarySchema = z.object({
  totalRevenue: z.number(),
  monthlyGrowth: z.number(),
  subscriptions: z.number(),
  donations: z.number(),
  ads: z.number(),
});
export type RevenueSummary = z.infer<typeof RevenueSummarySchema>;

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

export const VoiceAssistantSchema = z.object({
  id: Id,
  platform: z.enum(['alexa', 'google', 'siri']),
  deviceName: z.string(),
  enabled: z.boolean(),
  lastUsed: IsoDate.nullable(),
});
export type VoiceAssistant = z.infer<typeof VoiceAssistantSchema>;

export const SyndicationRecordSchema = z.object({
  id: Id,
  contentId: Id,
  platform: z.enum(SYNDICATION_PLATFORMS),
  status: z.string(),
  lastSync: IsoDate.nullable(),
  externalId: z.string().nullable(),
});
export type SyndicationRecord = z.infer<typeof SyndicationRecordSchema>;

export const EducationInstitutionSchema = z.object({
  id: Id,
  name: z.string(),
  type: z.enum(['school', 'high_school', 'university', 'college', 'academy', 'training']),
  domain: z.string(),
  verified: z.boolean(),
  subscriptionTier: z.enum(['basic', 'premium', 'enterprise']),
});
export type EducationInstitution = z.infer<typeof EducationInstitutionSchema>;

export const EducationContentSchema = z.object({
  contentId: Id,
  subject: z.string(),
  gradeLevel: z.string(),
  curriculum: z.string(),
});
export type EducationContent = z.infer<typeof EducationContentSchema>;

export const ModerationItemSchema = z.object({
  id: Id,
  kind: z.enum(['chat_message', 'question']),
  targetId: Id,
  severity: z.enum(['high', 'medium', 'low']),
  reason: z.string(),
  excerpt: z.string(),
  authorId: Id,
  authorName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: IsoDate,
});
export type ModerationItem = z.infer<typeof ModerationItemSchema>;

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

export const SatelliteReceiverSchema = z.object({
  id: Id,
  deviceId: z.string(),
  deviceName: z.string(),
  model: z.string(),
  firmwareVersion: z.string().nullable(),
  location: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable(), region: z.string().nullable() }),
  status: z.enum(['online', 'offline', 'error']),
  lastSeen: IsoDate.nullable(),
  ownerId: Id,
  /** Shown to admins, who see every owner's receivers. */
  ownerName: z.string(),
  createdAt: IsoDate,
});
export type SatelliteReceiver = z.infer<typeof SatelliteReceiverSchema>;

export const TranslationSchema = z.object({
  id: Id,
  contentId: Id,
  language: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  aiGenerated: z.boolean(),
  createdAt: IsoDate,
});
export type Translation = z.infer<typeof TranslationSchema>;
