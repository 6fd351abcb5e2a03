/**
 * Table types for Kysely. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
 * Times are epoch milliseconds (bigint) and flags are 0/1 integers, so the same SQL runs on SQLite and
 * Postgres without per-dialect date or boolean handling.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AdminTables } from './schema-admin.ts';
import type { AiTables } from './schema-ai.ts';
import type { CreatorTables } from './schema-creators.ts';
import type { MediaTables } from './schema-media.ts';
import type { TranscriptTables } from './schema-transcripts.ts';
import type { EducationTables } from './schema-education.ts';
import type { MonetizationTables } from './schema-monetization.ts';
import type { PodcastTables } from './schema-podcasts.ts';
import type { ReachTables } from './schema-reach.ts';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  usernameKey: string;
  email: string;
  /**
   * The address typed at sign-up when another account already had it: `email` then holds a
   * placeholder (see auth/service.ts) and this is shown back to the account alone.
   */
  unclaimedEmail: string | null;
  passwordHash: string;
  firstName: string | null;
  lastName: string | null;
  role: 'admin' | 'creator' | 'viewer';
  subscription: Generated<string>;
  status: Generated<'active' | 'suspended'>;
  verified: Generated<number>;
  creatorRequest: 'pending' | 'approved' | null;
  country: string | null;
  createdAt: number;
}

export interface SessionsTable {
  sid: string;
  userId: number | null;
  data: string;
  expiresAt: number;
}

export interface CreatorProfilesTable {
  userId: number;
  handle: string;
  displayName: string;
  bio: string | null;
  createdAt: number;
}

export interface ContentTable {
  id: Generated<number>;
  creatorId: number | null;
  title: string;
  description: string | null;
  type: 'tv' | 'radio' | 'podcast' | 'other';
  category: string | null;
  status: 'live' | 'offline' | 'published';
  durationSeconds: number;
  language: string;
  createdAt: number;
  /** When the current live session began; null when not live. */
  liveSince: number | null;
  /** Most people watching at once, ever. */
  peakViewers: Generated<number>;
}

export interface ViewEventsTable {
  id: Generated<number>;
  contentId: number;
  userId: number | null;
  /** Who watched: `u:{userId}` for accounts, an opaque device key for anonymous viewers. */
  viewerKey: string;
  device: 'mobile' | 'tv' | 'web' | 'satellite';
  /** ISO 3166-1 alpha-2. */
  country: string;
  watchSeconds: number;
  createdAt: number;
}

/** Running view counters (migration 0018_view_counters), kept with each view's insert. */
export interface ContentViewersTable {
  contentId: number;
  viewerKey: string;
}

export interface ContentViewCountsTable {
  contentId: number;
  views: number;
  /** Distinct viewer keys: the rows of content_viewers for the item. */
  viewers: number;
}

export interface ReachCountriesTable {
  country: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  contentId: number | null;
  userId: number;
  message: string;
  idempotencyKey: string | null;
  /** Comparative sentiment score, about -5..5. */
  sentiment: number;
  flagged: number;
  hidden: Generated<number>;
  createdAt: number;
}

export interface ModerationItemsTable {
  id: Generated<number>;
  kind: 'chat_message' | 'question';
  targetId: number;
  contentId: number | null;
  authorId: number;
  severity: 'high' | 'medium' | 'low';
  reason: string;
  excerpt: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  decidedBy: number | null;
  decidedAt: number | null;
  createdAt: number;
}

export interface PollsTable {
  id: Generated<number>;
  contentId: number | null;
  question: string;
  /** JSON array of option texts. */
  options: string;
  createdBy: number;
  createdAt: number;
  closesAt: number;
}

export interface PollVotesTable {
  pollId: number;
  userId: number;
  optionIndex: number;
  /** The client's key for this vote, so a retry of a vote that landed is answered as a success. */
  idempotencyKey: ColumnType<string | null, string | null | undefined, never>;
  createdAt: number;
}

/** Running tallies, one row per (poll, option) with a vote (migration 0019). */
export interface PollTalliesTable {
  pollId: number;
  optionIndex: number;
  votes: number;
}

/** A person's activity per UTC day, kept as running totals (migration 0020, rewards/activity.ts). */
export interface UserActivityDaysTable {
  userId: number;
  /** Days since the epoch, UTC. */
  day: number;
  points: Generated<number>;
  messages: Generated<number>;
  votes: Generated<number>;
  questions: Generated<number>;
  shares: Generated<number>;
  watchSeconds: Generated<number>;
}

/** A person's points, all time, kept as a running total (migration 0026, rewards/activity.ts). */
export interface UserPointsTable {
  userId: number;
  points: number;
}

export interface QuestionsTable {
  id: Generated<number>;
  contentId: number | null;
  userId: number;
  question: string;
  answeredAt: number | null;
  answeredBy: number | null;
  hidden: Generated<number>;
  createdAt: number;
}

export interface PointsLedgerTable {
  id: Generated<number>;
  userId: number;
  action: string;
  points: number;
  ref: string;
  createdAt: number;
}

export interface AchievementClaimsTable {
  userId: number;
  achievementId: string;
  claimedAt: number;
}

export interface Database extends CreatorTables, AiTables, AdminTables, MediaTables, MonetizationTables, EducationTables, PodcastTables, ReachTables, TranscriptTables {
  users: UsersTable;
  sessions: SessionsTable;
  creatorProfiles: CreatorProfilesTable;
  content: ContentTable;
  viewEvents: ViewEventsTable;
  contentViewers: ContentViewersTable;
  contentViewCounts: ContentViewCountsTable;
  reachCountries: ReachCountriesTable;
  appMeta: AppMetaTable;
  chatMessages: ChatMessagesTable;
  moderationItems: ModerationItemsTable;
  polls: PollsTable;
  pollVotes: PollVotesTable;
  pollTallies: PollTalliesTable;
  userActivityDays: UserActivityDaysTable;
  userPoints: UserPointsTable;
  questions: QuestionsTable;
  pointsLedger: PointsLedgerTable;
  achievementClaims: AchievementClaimsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ContentRow = Selectable<ContentTable>;
export type NewContent = Insertable<ContentTable>;
export type NewViewEvent = Insertable<ViewEventsTable>;
