/**
 * Table types for Kysely. Columns are snake_case in the database and camelCase here (CamelCasePlugin).
 * Times are epoch milliseconds (bigint) and flags are 0/1 integers, so the same SQL runs on SQLite and
 * Postgres without per-dialect date or boolean handling.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive. */
  usernameKey: string;
  email: string;
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

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  creatorProfiles: CreatorProfilesTable;
  content: ContentTable;
  viewEvents: ViewEventsTable;
  appMeta: AppMetaTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ContentRow = Selectable<ContentTable>;
export type NewContent = Insertable<ContentTable>;
export type NewViewEvent = Insertable<ViewEventsTable>;
