/**
 * Reach (spec §2 /mobile, /smart-tv, /voice-assistant, the SMS tab of /interactions; §7 device, offline
 * and voice-assistant calls): phones and Web Push, paired smart TVs, voice assistants, SMS and USSD,
 * offline downloads.
 */
import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { Id, IsoDate } from '../primitives.ts';
import { ContentTypeSchema } from './content.ts';

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

export const VoiceAssistantSchema = z.object({
  id: Id,
  platform: z.enum(['alexa', 'google', 'siri']),
  deviceName: z.string(),
  enabled: z.boolean(),
  lastUsed: IsoDate.nullable(),
});
export type VoiceAssistant = z.infer<typeof VoiceAssistantSchema>;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

// ---------- SMS and USSD ----------

/** The six USSD main-menu options (spec §2 Interactions), in menu order. */
export const USSD_MENU = ['Live shows', 'Vote in polls', 'Schedule', 'Account balance', 'Subscribe', 'Help'] as const;
/** SMS commands after the keyword (spec §2): `ONAIR LIVE`, `ONAIR VOTE 2`, … */
export const SMS_COMMANDS = [
  { command: 'LIVE', description: 'What is live now' },
  { command: 'VOTE [option]', description: 'Vote in the current poll, e.g. VOTE 2' },
  { command: 'SCHEDULE', description: 'On now and the newest shows' },
  { command: 'SUBSCRIBE', description: 'A text when a creator you follow goes live (STOP ends it)' },
] as const;
export const PHONE_LINK_CODE_TTL_MS = 15 * 60 * 1000;

export const SmsStatusSchema = z.object({
  keyword: z.string(),
  twilio: z.boolean(),
  ussd: z.boolean(),
  /** Where to point the provider (admins only; null for others). */
  twilioWebhookUrl: z.string().nullable(),
  ussdCallbackUrl: z.string().nullable(),
  /** The caller's linked phone. */
  phone: z
    .object({ phone: z.string().nullable(), confirmed: z.boolean(), subscribed: z.boolean(), code: z.string().nullable(), codeExpiresAt: z.string().nullable() })
    .nullable(),
});
export type SmsStatus = z.infer<typeof SmsStatusSchema>;

// ---------- Web Push and mobile devices ----------

export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'subscription.endpoint must be an http(s) URL' }).max(1000, { error: 'subscription.endpoint must be at most 1000 characters' }),
  keys: z.object(
    {
      p256dh: z.string({ error: 'subscription.keys.p256dh is required' }).regex(/^[A-Za-z0-9_-]{80,100}=*$/, { error: 'subscription.keys.p256dh must be a base64url P-256 public key' }),
      auth: z.string({ error: 'subscription.keys.auth is required' }).regex(/^[A-Za-z0-9_-]{16,24}=*$/, { error: 'subscription.keys.auth must be a base64url 16-byte secret' }),
    },
    { error: 'subscription.keys is required' },
  ),
});

export const RegisterDeviceRequestSchema = z.object({
  deviceType: MobileDeviceSchema.shape.deviceType.default('web'),
  deviceName: text('deviceName', 100),
  appVersion: z.string().trim().max(32, { error: 'appVersion must be at most 32 characters' }).default(''),
  subscription: PushSubscriptionSchema,
});
export type RegisterDeviceRequest = z.input<typeof RegisterDeviceRequestSchema>;

export const DeviceIdParamsSchema = z.object({ id: idParam('id') });
export const DeviceNotificationsRequestSchema = z.object({ notifications: z.boolean({ error: 'notifications must be true or false' }) });
export const VapidKeySchema = z.object({ publicKey: z.string() });

// ---------- Smart TV ----------

export const TV_PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** A TV that called within this long counts as connected. */
export const TV_CONNECTED_WINDOW_MS = 2 * 60 * 1000;
export const TV_PLATFORMS = ['roku', 'androidtv', 'firetv', 'webos', 'tizen', 'browser'] as const;

export const TvRegisterRequestSchema = z.object({
  deviceName: text('deviceName', 60).default('TV'),
  platform: z.enum(TV_PLATFORMS, { error: `platform must be one of ${TV_PLATFORMS.join(', ')}` }).default('browser'),
});
export const TvRegisterResponseSchema = z.object({ token: z.string(), code: z.string(), expiresAt: z.string() });
export const TvStatusResponseSchema = z.object({ paired: z.boolean(), username: z.string().nullable(), code: z.string().nullable(), expiresAt: z.string().nullable() });
export const TvPairRequestSchema = z.object({ code: z.string({ error: 'code is required' }).trim().toUpperCase().regex(/^[A-Z0-9]{6}$/, { error: 'code must be the 6 characters shown on the TV' }) });

// ---------- Voice assistants ----------

export const VOICE_PLATFORMS = ['alexa', 'google', 'siri'] as const;
/** Spec §3 voice assistant, plus how far account linking has got. */
export const VoiceAssistantDetailSchema = VoiceAssistantSchema.extend({
  /** Alexa: say "Alexa, ask OnAir to link code {linkCode}" to finish linking; null once linked. */
  linkCode: z.string().nullable(),
  linked: z.boolean(),
});
export type VoiceAssistantDetail = z.infer<typeof VoiceAssistantDetailSchema>;

export const VoiceAssistantCreateRequestSchema = z.object({
  platform: z.enum(VOICE_PLATFORMS, { error: `platform must be one of ${VOICE_PLATFORMS.join(', ')}` }),
  deviceName: text('deviceName', 100).optional(),
});
export const VoiceAssistantPatchRequestSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

/** What the Alexa skill understands; the page lists exactly these. */
export const ALEXA_EXAMPLES = [
  'Alexa, ask OnAir to play the radio',
  'Alexa, ask OnAir what\'s on now',
  'Alexa, ask OnAir for the schedule',
  'Alexa, ask OnAir to link code 123456',
] as const;

// ---------- Offline downloads ----------

export const DownloadRequestSchema = z.object({ contentId: idField('contentId') });
export const DownloadResponseSchema = z.object({
  item: OfflineContentSchema,
  /** Where the browser fetches the file from (same origin, sends the session cookie). */
  url: z.string(),
  bytes: z.number().int().nonnegative(),
  mime: z.string(),
});
export type DownloadResponse = z.infer<typeof DownloadResponseSchema>;
export const DownloadProgressRequestSchema = z.object({
  downloadProgress: z.number({ error: 'downloadProgress must be a number' }).min(0, { error: 'downloadProgress must be between 0 and 100' }).max(100, { error: 'downloadProgress must be between 0 and 100' }),
});
export const OfflineContentIdParamsSchema = z.object({ contentId: idParam('contentId') });
