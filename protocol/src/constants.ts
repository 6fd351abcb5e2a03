/**
 * Business constants of spec §9. Everything a page, a route or a worker needs to agree on lives here,
 * so that a change of limit is one edit.
 */

export const ROLES = ['admin', 'creator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Pages the web build renders ahead and the API serves in place of the bare index.html
 * (scripts/vite-page-snapshots.ts, api/src/plugins/web.ts): /landing signed out, and / signed in, one
 * file per role, where the API writes the username into `usernameSlot` (braces: no username has them).
 */
export const PAGE_SNAPSHOTS = {
  landing: 'landing.html',
  home: (role: Role) => `home-${role}.html`,
  usernameSlot: '{username}',
} as const;

export const CONTENT_TYPES = ['tv', 'radio', 'podcast', 'other'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** The most items one GET /api/content answers (`limit`), and how many it answers without a `limit`. */
export const CONTENT_LIST_MAX = 500;
export const CONTENT_LIST_DEFAULT = 200;
/** How each type is named on screen. */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = { tv: 'TV', radio: 'Radio', podcast: 'Podcast', other: 'Other' };

export const DEVICE_TYPES = ['mobile', 'tv', 'web', 'satellite'] as const;
export type ViewDevice = (typeof DEVICE_TYPES)[number];

export const TOAST = {
  /** Only one toast is visible at a time. */
  limit: 1,
  /** Default display time before a toast closes by itself. */
  durationMs: 5000,
  removeDelayMs: 1_000_000,
  swipeThresholdPx: 50,
  hotkey: 'F8',
  regionMaxWidthPx: 420,
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

/** Keys of the onboarding state in browser storage (spec §9). */
export const STORAGE_KEYS = {
  onboardingCompleted: 'onair-onboarding-completed',
  onboardingType: 'onair-onboarding-type',
  onboardingSteps: 'onair-onboarding-steps',
  visitCount: 'onair-visit-count',
} as const;

export const TUTORIAL_TRANSITION_MS = 300;

/** Polling intervals used while the socket is down (spec §9). */
export const POLL_INTERVAL_MS = {
  chat: 2_000,
  polls: 5_000,
  activeStreams: 5_000,
  systemHealth: 30_000,
} as const;

export const SUPPORTED_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'ru', name: 'Russian' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh', name: 'Chinese' },
  { code: 'ar', name: 'Arabic' },
  { code: 'hi', name: 'Hindi' },
] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]['code'];

export const RECEIVER_MODELS = ['OnAir-SR1000', 'OnAir-SR2000', 'OnAir-SR3000', 'Generic-DVB-S2'] as const;

export const STREAM_DESTINATIONS = [
  { id: 'onair', name: 'OnAir', defaultEnabled: true },
  { id: 'facebook', name: 'Facebook', defaultEnabled: false },
  { id: 'youtube', name: 'YouTube', defaultEnabled: false },
  { id: 'twitter', name: 'Twitter', defaultEnabled: false },
] as const;
export type StreamDestinationId = (typeof STREAM_DESTINATIONS)[number]['id'];

export const STREAM_RESOLUTIONS = ['1920x1080', '1280x720', '854x480'] as const;
export const STREAM_BITRATE = { min: 500, max: 8000, default: 2500 } as const;
export const STREAM_DEFAULTS = {
  bitrate: STREAM_BITRATE.default,
  resolution: '1920x1080',
  saveRecording: true,
  generatePodcast: false,
  liveCaptions: false,
} as const;

/** Recommendation confidence colours: at least 0.8 green, at least 0.6 yellow, else grey. */
/** "10 minutes", "45 seconds": a wait as the Studio and the creator's notices say it. */
export function describeWait(ms: number): string {
  const [amount, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.max(1, Math.round(ms / 1000)), 'second'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

export function confidenceColor(confidence: number): 'green' | 'yellow' | 'gray' {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'gray';
}

/** Server load: below 50 good, below 80 warn. Performance: above 80 good, above 60 warn. */
export function loadHealth(load: number): 'good' | 'warn' | 'bad' {
  if (load < 50) return 'good';
  if (load < 80) return 'warn';
  return 'bad';
}
export function performanceHealth(performance: number): 'good' | 'warn' | 'bad' {
  if (performance > 80) return 'good';
  if (performance > 60) return 'warn';
  return 'bad';
}

/** Churn badge: destructive above 15, secondary above 10, otherwise default. */
export function churnBadge(churnRate: number): 'destructive' | 'secondary' | 'default' {
  if (churnRate > 15) return 'destructive';
  if (churnRate > 10) return 'secondary';
  return 'default';
}

export const LIST_LIMITS = {
  topCountries: 10,
  recentContent: 5,
  mostViewed: 10,
  peakHours: 5,
  regionalGrid: 6,
  achievements: 4,
  leaderboard: 5,
} as const;

export const PEAK_USAGE_BAR_SCALE = 50_000;

/** Share of subscribers estimated to pay, and the price shown for them. */
export const PAID_SUBSCRIBER_SHARE = 0.12;
export const PAID_SUBSCRIPTION_MONTHLY_PRICE = 9.99;

export const DONATION = { quickAmounts: [5, 10, 25, 50], minimum: 1, maximum: 10_000 } as const;
export const PAYMENT_METHOD_TYPES = ['card', 'mobile_money', 'bank'] as const;

export const DAILY_CHALLENGES = [
  { id: 'watch-30-minutes', label: 'Watch 30 minutes', points: 50, target: 30 * 60 },
  { id: 'send-5-messages', label: 'Send 5 messages', points: 25, target: 5 },
  { id: 'vote-2-polls', label: 'Vote in 2 polls', points: 30, target: 2 },
  { id: 'share-a-stream', label: 'Share a stream', points: 40, target: 1 },
] as const;

export const ACHIEVEMENT_ICONS = ['star', 'trophy', 'target', 'heart', 'zap', 'award'] as const;
export const ACHIEVEMENT_ICON_FALLBACK = 'star';

export const CURATION_REGIONS = ['north-america', 'europe', 'asia-pacific', 'latin-america', 'africa'] as const;
export const CURATION_CONTENT_TYPES = ['tv', 'radio', 'education', 'religious'] as const;
export const CURATION_PRIORITIES = ['high', 'medium', 'low'] as const;

export const ADMIN_CONTENT_PERIODS = ['day', 'week', 'month', 'year'] as const;
export const ADMIN_REGION_PERIODS = ['day', 'week', 'month', 'quarter'] as const;

export const SYNDICATION_PLATFORMS = ['spotify', 'apple', 'google', 'anchor'] as const;
export const SYNC_FREQUENCIES = ['realtime', 'hourly', 'daily', 'weekly'] as const;
export const PODCAST_CATEGORIES = ['education', 'religion', 'news', 'music', 'technology'] as const;

export const EDUCATION_INSTITUTION_TYPES = [
  { id: 'school', label: 'Elementary School' },
  { id: 'high_school', label: 'High School' },
  { id: 'university', label: 'University' },
  { id: 'college', label: 'College' },
  { id: 'academy', label: 'Academy' },
  { id: 'training', label: 'Training Center' },
] as const;

/** Marketing figures of the landing page's hero are replaced by live counts (see /api/public/stats). */
export const PRODUCT_KEYWORD = 'ONAIR';
export const PRODUCT_NAME = 'OnAir';

/** Shortest password an account may have. */
export const PASSWORD_MIN_LENGTH = 8;

/** A username: its length and characters (here, not in the schemas, so the sign-up page checks it without zod). */
export const USERNAME = { min: 3, max: 32, pattern: /^[A-Za-z0-9_.-]+$/ } as const;

/** Why a username cannot be used, in the sign-up form's words, or undefined when it can. */
export function usernameProblem(username: string): string | undefined {
  const name = username.trim();
  if (name.length < USERNAME.min || name.length > USERNAME.max) return `Usernames are ${USERNAME.min} to ${USERNAME.max} characters; this one has ${name.length}.`;
  if (!USERNAME.pattern.test(name)) return 'Use only letters, digits, dots, dashes and underscores.';
  return undefined;
}

/**
 * The anonymous device id a client may send in the socket handshake (`auth: { deviceId }`): a viewer
 * without an account counts once per device however many tabs watch. Anything else is ignored (the
 * socket then counts on its own), so an odd value can neither fail the handshake nor fill memory.
 */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * How long an emailed invitation's link works: a link sitting in a mailbox must not let whoever finds it
 * later join a school. The link an account made by a class import chooses its password with works as
 * long: after that the account waits for its owner, and the staff make it a new link from Members.
 */
export const EMAILED_INVITATION_TTL_DAYS = 14;

/**
 * How long an invitation to an existing account (answered on its Education or Church Mode page) waits:
 * long enough for a term's start, not so long that a forgotten one lets someone join a year later,
 * after the staff who asked have moved on. Asking again renews it.
 */
export const ACCOUNT_INVITATION_TTL_DAYS = 30;

/** One hour and one day in milliseconds: the one definition every package uses. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The invitation lifetimes above in milliseconds, keyed by the kind a pending invitation names. */
export const INVITATION_TTL_MS = {
  email: EMAILED_INVITATION_TTL_DAYS * DAY_MS,
  account: ACCOUNT_INVITATION_TTL_DAYS * DAY_MS,
  /** An imported account's link (not a pending invitation's kind: the account is a member already). */
  import: EMAILED_INVITATION_TTL_DAYS * DAY_MS,
} as const;
