/**
 * Podcast syndication (spec §2 Podcast syndication, §3 Syndication record, §4 status display, §5, §7, §9).
 * Shows group a creator's radio and podcast items into a feed; a syndication record is one episode on
 * one platform, published only after that platform's checks passed in the syndication job.
 *
 * GET/POST /api/podcast-syndication, POST /api/podcast-syndication/{id}/sync (0 = all),
 * PATCH /api/podcast-syndication/{id} (the platform's show link), GET /api/podcast-syndication/analytics,
 * GET/POST /api/podcast-shows, PATCH /api/podcast-shows/{id}, PUT /api/podcast-shows/{id}/cover,
 * POST /api/podcast-shows/{id}/episodes. Public: /feeds/{slug}.xml, /feeds/{slug}, enclosures and cover.
 */
import { z } from 'zod';
import { idField, idParam, MAX_ID } from '../ids.ts';
import { PODCAST_CATEGORIES, SYNC_FREQUENCIES, SYNDICATION_PLATFORMS } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';
import { DAY_MS } from '../constants.ts';

export const SyndicationRecordSchema = z.object({
  id: Id,
  contentId: Id,
  platform: z.enum(SYNDICATION_PLATFORMS),
  status: z.string(),
  lastSync: IsoDate.nullable(),
  externalId: z.string().nullable(),
});
export type SyndicationRecord = z.infer<typeof SyndicationRecordSchema>;

/** Spec §9: default category options (constants.ts), and the Apple Podcasts category each one is filed under. */
export type PodcastCategory = (typeof PODCAST_CATEGORIES)[number];
export const PODCAST_CATEGORY_ITUNES: Record<PodcastCategory, string> = {
  education: 'Education',
  religion: 'Religion & Spirituality',
  news: 'News',
  music: 'Music',
  technology: 'Technology',
};

/** Spec §9: sync frequency options (constants.ts), and how old a show's last sync may get before the schedule redoes it. */
export type SyncFrequency = (typeof SYNC_FREQUENCIES)[number];
export const SYNC_FREQUENCY_MS: Record<SyncFrequency, number> = {
  realtime: 0,
  hourly: 3_600_000,
  daily: DAY_MS,
  weekly: 7 * DAY_MS,
};
/** How often the scheduled sync looks for due shows; `realtime` shows are resynced on every look. */
export const SCHEDULED_SYNC_EVERY_MS = 5 * 60_000;

/** Podcasting 2.0: `podcast:guid` is the UUIDv5 of the feed URL (without scheme) in this namespace. */
export const PODCAST_GUID_NAMESPACE = 'ead4c236-bf58-58c6-a2c6-a6b28d128cb6';

/** Cover art the directories accept: square JPEG or PNG between these sizes (Apple's rule). */
export const COVER_MIN_PX = 1400;
export const COVER_MAX_PX = 3000;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Episode audio every platform here takes. */
export const EPISODE_SAMPLE_RATE = 44_100;
export const EPISODE_CODECS = ['mp3', 'aac'] as const;

/**
 * The platforms (spec §3 lists spotify, apple, google, anchor; Anchor became Spotify for Creators in
 * 2023 and Google Podcasts moved into YouTube Music in 2024, so the fourth directory is Amazon Music).
 */
export const PODCAST_PLATFORMS = ['spotify', 'apple', 'google', 'amazon'] as const;
export type SyndicationPlatform = (typeof PODCAST_PLATFORMS)[number];

export interface PlatformRequirements {
  id: SyndicationPlatform;
  name: string;
  tagline: string;
  /** Where the creator submits the feed URL. */
  submitUrl: string;
  requirements: string[];
  features: string[];
  setupSteps: string[];
  /** Whether the directory verifies ownership by mailing the feed's owner email. */
  needsOwnerEmail: boolean;
}

/** The platform catalogue (spec §3), with each directory's real requirements and setup steps. */
export const PLATFORM_CATALOGUE: Record<SyndicationPlatform, PlatformRequirements> = {
  spotify: {
    id: 'spotify',
    name: 'Spotify',
    tagline: 'Reach millions of listeners',
    submitUrl: 'https://creators.spotify.com/',
    requirements: [
      'RSS feed with title, description, cover art and at least one episode',
      'Audio: MP3 or AAC, 44.1 kHz',
      'Cover art: square JPEG or PNG, 1400×1400 px or larger',
      'An owner email in the feed (Spotify mails a verification code to it)',
    ],
    features: ['Spotify for Creators analytics', 'Video and audio episodes', 'Listener polls and Q&A'],
    setupSteps: [
      'Sign in to Spotify for Creators',
      'Choose "Find an existing show" and paste your feed URL',
      'Enter the verification code sent to the owner email in your feed',
      'Add category and language, then submit',
      'Paste the Spotify show link here once it is live',
    ],
    needsOwnerEmail: true,
  },
  apple: {
    id: 'apple',
    name: 'Apple Podcasts',
    tagline: 'iPhone, iPad, Mac and CarPlay',
    submitUrl: 'https://podcastsconnect.apple.com/',
    requirements: [
      'Cover art: square JPEG or PNG, 1400×1400 to 3000×3000 px',
      'Audio: MP3 or AAC',
      'Feed tags: title, description, itunes:image, language, itunes:category, itunes:explicit',
      'Every episode: title, enclosure with its exact length and type, and a GUID',
    ],
    features: ['Apple Podcasts Connect analytics', 'Subscriptions and channels', 'Transcripts in the app'],
    setupSteps: [
      'Sign in to Apple Podcasts Connect with your Apple Account',
      'Choose + then New Show, and "Add a show with an RSS feed"',
      'Paste your feed URL and check the preview',
      'Submit for review (usually within a few days)',
      'Paste the Apple Podcasts show link here once it is approved',
    ],
    needsOwnerEmail: false,
  },
  google: {
    id: 'google',
    name: 'YouTube Music',
    tagline: 'Google Podcasts moved here: search and YouTube',
    submitUrl: 'https://studio.youtube.com/',
    requirements: [
      'RSS feed with title, description, cover art and an owner email',
      'Cover art: square JPEG or PNG, 1400×1400 px or larger',
      'Audio: MP3 or AAC, 44.1 kHz',
    ],
    features: ['Episodes on YouTube and YouTube Music', 'Found in Google search'],
    setupSteps: [
      'Open YouTube Studio and choose Create, then New podcast',
      'Choose "Submit RSS feed" and paste your feed URL',
      'Confirm the code YouTube mails to the owner email in your feed',
      'Paste the YouTube Music playlist link here once it is live',
    ],
    needsOwnerEmail: true,
  },
  amazon: {
    id: 'amazon',
    name: 'Amazon Music',
    tagline: 'Amazon Music and Alexa devices',
    submitUrl: 'https://podcasters.amazon.com/',
    requirements: [
      'Cover art: square JPEG or PNG, 1400×1400 to 3000×3000 px',
      'Audio: MP3 or AAC, 44.1 kHz',
      'An owner email in the feed',
    ],
    features: ['Listening on Echo speakers through Alexa', 'Amazon Music for Podcasters analytics'],
    setupSteps: [
      'Sign in to Amazon Music for Podcasters',
      'Choose "Add your podcast" and paste your feed URL',
      'Verify ownership with the code sent to the owner email in your feed',
      'Paste the Amazon Music show link here once it is live',
    ],
    needsOwnerEmail: true,
  },
};

/** Spec §3 status, plus `pending` while the job runs (spec §4 display: published, pending, failed). */
export const SYNDICATION_STATUSES = ['pending', 'published', 'failed'] as const;
export type SyndicationStatus = (typeof SYNDICATION_STATUSES)[number];

export const PodcastSyndicationSchema = z.object({
  id: z.number().int(),
  contentId: z.number().int(),
  platform: z.enum(PODCAST_PLATFORMS),
  status: z.enum(SYNDICATION_STATUSES),
  lastSync: z.string().nullable(),
  externalId: z.string().nullable(),
  contentTitle: z.string(),
  showId: z.number().int(),
  showTitle: z.string(),
  /** The URL to submit to the platform. */
  feedUrl: z.string(),
  /** Every reason the last check failed (empty when published or pending). */
  reasons: z.array(z.string()),
  /** The job now working on this record, when there is one. */
  jobId: z.string().nullable(),
});
export type PodcastSyndication = z.infer<typeof PodcastSyndicationSchema>;

const platformField = z.enum(PODCAST_PLATFORMS, { error: `platform must be one of ${PODCAST_PLATFORMS.join(', ')}` });

export const SyndicationCreateRequestSchema = z.object({
  contentId: idField('contentId'),
  platform: platformField,
  /** Adds the item to this show first when it is in none yet. */
  showId: idField('showId').optional(),
});
export type SyndicationCreateRequest = z.infer<typeof SyndicationCreateRequestSchema>;

export const SyndicationStartedSchema = z.object({ jobId: z.string(), records: z.array(PodcastSyndicationSchema) });
export type SyndicationStarted = z.infer<typeof SyndicationStartedSchema>;

export const SyndicationIdParamsSchema = z.object({ id: idParam('id') });
/** Sync takes 0 for "every record of mine" (spec §7: Sync All uses id 0). */
export const SyndicationSyncParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a number' })
    .int({ error: 'id must be a whole number' })
    .min(0, { error: 'id must be 0 (all) or a record id' })
    .max(MAX_ID, { error: 'id is not a known id' }),
});

export const SyndicationUpdateRequestSchema = z.object({
  externalId: z
    .string({ error: 'externalId must be text' })
    .trim()
    .max(500, { error: 'externalId must be at most 500 characters' })
    .refine((v) => v === '' || /^https:\/\/\S+$/.test(v), { error: 'externalId must be the https:// link of your show on the platform' })
    .transform((v) => v || null)
    .nullable(),
});

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, { error: min === 1 ? `${field} is required` : `${field} must be at least ${min} characters` })
    .max(max, { error: `${field} must be at most ${max} characters` });

export const PODCAST_LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

const showFields = {
  title: text('title', 1, 200),
  description: text('description', 1, 4000),
  author: text('author', 1, 200),
  category: z.enum(PODCAST_CATEGORIES, { error: `category must be one of ${PODCAST_CATEGORIES.join(', ')}` }),
  language: z.string({ error: 'language is required' }).trim().regex(PODCAST_LANGUAGE_PATTERN, { error: 'language must be a language code such as en or pt-BR' }),
  explicit: z.boolean({ error: 'explicit must be true or false' }),
  autoPublish: z.boolean({ error: 'autoPublish must be true or false' }),
  qualityCheck: z.boolean({ error: 'qualityCheck must be true or false' }),
  syncMetadata: z.boolean({ error: 'syncMetadata must be true or false' }),
  syncFrequency: z.enum(SYNC_FREQUENCIES, { error: `syncFrequency must be one of ${SYNC_FREQUENCIES.join(', ')}` }),
};

/** A new show; settings default to spec §9's (auto-publish off, quality check on, sync metadata on). */
export const ShowCreateRequestSchema = z.object({
  ...showFields,
  language: showFields.language.default('en'),
  explicit: showFields.explicit.default(false),
  autoPublish: showFields.autoPublish.default(false),
  qualityCheck: showFields.qualityCheck.default(true),
  syncMetadata: showFields.syncMetadata.default(true),
  syncFrequency: showFields.syncFrequency.default('daily'),
});
export type ShowCreateRequest = z.input<typeof ShowCreateRequestSchema>;

export const ShowUpdateRequestSchema = z.object(showFields).partial();
export type ShowUpdateRequest = z.input<typeof ShowUpdateRequestSchema>;

export const ShowCoverRequestSchema = z.object({
  /** The image file as base64 (a data: URL prefix is accepted). */
  image: z
    .string({ error: 'image is required' })
    .min(1, { error: 'image is required' })
    .max(Math.ceil((COVER_MAX_BYTES * 4) / 3) + 100, { error: `image must be at most ${COVER_MAX_BYTES / 1024 / 1024} MB` }),
});

export const ShowEpisodeRequestSchema = z.object({ contentId: idField('contentId') });

export const PodcastEpisodeSchema = z.object({
  contentId: z.number().int(),
  title: z.string(),
  enclosureUrl: z.string().nullable(),
  durationSeconds: z.number(),
  addedAt: z.string(),
});

export const PodcastShowSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  category: z.enum(PODCAST_CATEGORIES),
  language: z.string(),
  explicit: z.boolean(),
  autoPublish: z.boolean(),
  qualityCheck: z.boolean(),
  syncMetadata: z.boolean(),
  syncFrequency: z.enum(SYNC_FREQUENCIES),
  coverUrl: z.string().nullable(),
  coverWidth: z.number().nullable(),
  coverHeight: z.number().nullable(),
  feedUrl: z.string(),
  pageUrl: z.string(),
  feedBuiltAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  episodes: z.array(PodcastEpisodeSchema),
});
export type PodcastShow = z.infer<typeof PodcastShowSchema>;

/** Where an enclosure request came from, read from the user agent. */
export const DOWNLOAD_SOURCES = ['spotify', 'apple', 'google', 'amazon', 'other'] as const;
export type DownloadSource = (typeof DOWNLOAD_SOURCES)[number];

export const SyndicationAnalyticsQuerySchema = z.object({
  showId: idParam('showId').optional(),
  days: z.coerce.number({ error: 'days must be a number' }).int({ error: 'days must be a whole number' }).min(1, { error: 'days must be between 1 and 365' }).max(365, { error: 'days must be between 1 and 365' }).default(30),
});

export const SyndicationAnalyticsSchema = z.object({
  totalDownloads: z.number().int(),
  /** Downloads in the window and in the window before it (null change when there were none before). */
  windowDownloads: z.number().int(),
  previousWindowDownloads: z.number().int(),
  episodes: z.number().int(),
  published: z.number().int(),
  byPlatform: z.array(z.object({ source: z.enum(DOWNLOAD_SOURCES), downloads: z.number().int() })),
  daily: z.array(z.object({ day: z.string(), downloads: z.number().int() })),
  topEpisodes: z.array(z.object({ contentId: z.number().int(), title: z.string(), downloads: z.number().int() })),
});
export type SyndicationAnalytics = z.infer<typeof SyndicationAnalyticsSchema>;

/** Public URLs of a show, built from the deployment's PUBLIC_URL (never from a request's Host). */
export const podcastUrls = {
  feed: (publicUrl: string, slug: string) => `${trimSlash(publicUrl)}/feeds/${slug}.xml`,
  page: (publicUrl: string, slug: string) => `${trimSlash(publicUrl)}/feeds/${slug}`,
  cover: (publicUrl: string, slug: string, ext: string) => `${trimSlash(publicUrl)}/feeds/${slug}/cover.${ext}`,
  enclosure: (publicUrl: string, slug: string, contentId: number, ext: string) =>
    `${trimSlash(publicUrl)}/feeds/${slug}/episodes/${contentId}.${ext}`,
};

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** The columns a syndication record is presented from (the API and the job present the same way). */
export interface SyndicationRecordSource {
  id: number;
  contentId: number;
  platform: SyndicationPlatform;
  status: SyndicationStatus;
  reasons: string;
  externalId: string | null;
  jobId: string | null;
  lastSync: number | string | null;
  contentTitle: string;
  showId: number;
  showTitle: string;
  showSlug: string;
}

export function presentSyndicationRecord(row: SyndicationRecordSource, publicUrl: string): PodcastSyndication {
  let reasons: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.reasons);
    if (Array.isArray(parsed)) reasons = parsed.filter((r): r is string => typeof r === 'string');
  } catch {
    reasons = [];
  }
  return {
    id: row.id,
    contentId: row.contentId,
    platform: row.platform,
    status: row.status,
    lastSync: row.lastSync === null ? null : new Date(Number(row.lastSync)).toISOString(),
    externalId: row.externalId,
    contentTitle: row.contentTitle,
    showId: row.showId,
    showTitle: row.showTitle,
    feedUrl: podcastUrls.feed(publicUrl, row.showSlug),
    reasons,
    jobId: row.jobId,
  };
}
