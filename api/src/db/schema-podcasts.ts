/**
 * Table types of the podcast area (migration 0010_podcasts). Cover paths are relative to MEDIA_DIR.
 */
import type { Generated, Selectable } from 'kysely';
import type { DownloadSource, PodcastCategory, SyncFrequency, SyndicationPlatform, SyndicationStatus } from '@onair/protocol';

export interface PodcastShowsTable {
  id: Generated<number>;
  creatorId: number;
  /** The feed's stable public name: /feeds/{slug}.xml. */
  slug: string;
  title: string;
  description: string;
  author: string;
  category: PodcastCategory;
  language: string;
  explicit: number;
  autoPublish: number;
  qualityCheck: number;
  syncMetadata: number;
  syncFrequency: SyncFrequency;
  coverPath: string | null;
  coverMime: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  /** The feed as the syndication job last published it; null before the first build. */
  feedXml: string | null;
  feedEtag: string | null;
  feedBuiltAt: number | null;
  lastSyncedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PodcastEpisodesTable {
  contentId: number;
  showId: number;
  /** The item's GUID in the feed; never changes once given. */
  guid: string;
  addedAt: number;
}

export interface PodcastSyndicationsTable {
  id: Generated<number>;
  contentId: number;
  platform: SyndicationPlatform;
  status: SyndicationStatus;
  /** JSON array of the reasons the last check failed. */
  reasons: string;
  externalId: string | null;
  jobId: string | null;
  lastSync: number | null;
  createdBy: number;
  createdAt: number;
}

/** One counted download (IAB v2.1 style: one per listener per episode per 24 h). */
export interface PodcastDownloadsTable {
  id: Generated<number>;
  showId: number;
  contentId: number;
  /** A hash of the client's IP and user agent. */
  listenerKey: string;
  source: DownloadSource;
  createdAt: number;
}

export interface PodcastTables {
  podcastShows: PodcastShowsTable;
  podcastEpisodes: PodcastEpisodesTable;
  podcastSyndications: PodcastSyndicationsTable;
  podcastDownloads: PodcastDownloadsTable;
}

export type PodcastShowRow = Selectable<PodcastShowsTable>;
export type PodcastSyndicationRow = Selectable<PodcastSyndicationsTable>;
