/**
 * Mobile (spec §2 /mobile; §7 device and offline calls): phones and browsers registered for Web Push,
 * their notification switches, and offline downloads of on-demand items.
 */
import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { Id, IsoDate, requiredText } from '../primitives.ts';
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
  deviceName: requiredText('deviceName', 100),
  appVersion: z.string().trim().max(32, { error: 'appVersion must be at most 32 characters' }).default(''),
  subscription: PushSubscriptionSchema,
});
export type RegisterDeviceRequest = z.input<typeof RegisterDeviceRequestSchema>;

export const DeviceIdParamsSchema = z.object({ id: idParam('id') });
export const DeviceNotificationsRequestSchema = z.object({ notifications: z.boolean({ error: 'notifications must be true or false' }) });
export const VapidKeySchema = z.object({ publicKey: z.string() });

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

/** The most stored items one check of a device's downloads names (a device with more asks in turns). */
export const DOWNLOAD_CHECK_MAX = 500;
/** Why a download may no longer be kept: its item is gone, or is now for subscribers only. */
export const DOWNLOAD_REVOCATIONS = ['removed', 'subscribers-only'] as const;
export type DownloadRevocation = (typeof DOWNLOAD_REVOCATIONS)[number];
export const DownloadCheckRequestSchema = z.object({
  contentIds: z
    .array(idField('contentId'), { error: 'contentIds must be a list of content ids' })
    .min(1, { error: 'contentIds must name at least one item' })
    .max(DOWNLOAD_CHECK_MAX, { error: `contentIds may name at most ${DOWNLOAD_CHECK_MAX} items` }),
});
export type DownloadCheckRequest = z.input<typeof DownloadCheckRequestSchema>;
/** The named items this person may no longer keep, and why; the others may stay. */
export const DownloadCheckResponseSchema = z.object({ revoked: z.array(z.object({ contentId: Id, why: z.enum(DOWNLOAD_REVOCATIONS) })) });
export type DownloadCheckResponse = z.infer<typeof DownloadCheckResponseSchema>;
