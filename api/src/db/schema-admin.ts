/**
 * Table types of the admin area (migration 0005_admin): ratings, chat timeouts, notifications,
 * regional curation and the log of admin actions. Kept apart from schema.ts like the other areas;
 * `Database` extends this interface.
 */
import type { Generated, Selectable } from 'kysely';

/** One rating per person per item; rating again replaces it. */
export interface ContentRatingsTable {
  contentId: number;
  userId: number;
  /** 1..5. */
  rating: number;
  createdAt: number;
  updatedAt: number;
}

/** A moderator's timeout: the user may not chat until `until`. */
export interface ChatTimeoutsTable {
  id: Generated<number>;
  userId: number;
  until: number;
  reason: string;
  moderationItemId: number | null;
  createdBy: number | null;
  createdAt: number;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  senderId: number | null;
  /** `admin_message`: a person wrote it (its sender); `notice`: OnAir itself says it. */
  kind: 'admin_message' | 'notice';
  text: string;
  /** The in-app page it is about (0023), or null. */
  link: string | null;
  readAt: number | null;
  createdAt: number;
}

/** One priority per region and curation content type; applying again replaces the priority. */
export interface RegionalCurationsTable {
  id: Generated<number>;
  region: string;
  contentType: string;
  priority: 'high' | 'medium' | 'low';
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Who did what and when in the admin area: the audit trail and the activity feed. */
export interface AdminActionsTable {
  id: Generated<number>;
  adminId: number | null;
  action: string;
  targetUserId: number | null;
  /** A moderation item, a curation: whatever the action was about besides a user. */
  targetId: number | null;
  detail: string | null;
  createdAt: number;
}

export interface AdminTables {
  contentRatings: ContentRatingsTable;
  chatTimeouts: ChatTimeoutsTable;
  notifications: NotificationsTable;
  regionalCurations: RegionalCurationsTable;
  adminActions: AdminActionsTable;
}

export type NotificationRow = Selectable<NotificationsTable>;
export type RegionalCurationRow = Selectable<RegionalCurationsTable>;
