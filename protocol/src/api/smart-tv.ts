/**
 * Smart TV (spec §2 /smart-tv and the TV screen /tv): paired TVs and the pairing flow.
 */
import { z } from 'zod';
import { Id, IsoDate, requiredText } from '../primitives.ts';

export const SmartTvDeviceSchema = z.object({
  id: Id,
  deviceName: z.string(),
  platform: z.string(),
  lastUsed: IsoDate,
  isConnected: z.boolean(),
});
export type SmartTvDevice = z.infer<typeof SmartTvDeviceSchema>;

// ---------- Smart TV ----------

export const TV_PAIRING_CODE_TTL_MS = 10 * 60 * 1000;
/** A TV that called within this long counts as connected. */
export const TV_CONNECTED_WINDOW_MS = 2 * 60 * 1000;
export const TV_PLATFORMS = ['roku', 'androidtv', 'firetv', 'webos', 'tizen', 'browser'] as const;

export const TvRegisterRequestSchema = z.object({
  deviceName: requiredText('deviceName', 60).default('TV'),
  platform: z.enum(TV_PLATFORMS, { error: `platform must be one of ${TV_PLATFORMS.join(', ')}` }).default('browser'),
});
export const TvRegisterResponseSchema = z.object({ token: z.string(), code: z.string(), expiresAt: z.string() });
export const TvStatusResponseSchema = z.object({ paired: z.boolean(), username: z.string().nullable(), code: z.string().nullable(), expiresAt: z.string().nullable() });
export const TvPairRequestSchema = z.object({ code: z.string({ error: 'code is required' }).trim().toUpperCase().regex(/^[A-Z0-9]{6}$/, { error: 'code must be the 6 characters shown on the TV' }) });
