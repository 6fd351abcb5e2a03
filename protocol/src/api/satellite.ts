/**
 * Satellite receivers (spec §3 Satellite receiver, §4 receiver status, §5 registration, §9 models).
 * GET/POST /api/satellite-receivers, PATCH /api/satellite-receivers/{deviceId}/status.
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import { RECEIVER_MODELS } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';

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

export const RECEIVER_STATUSES = ['online', 'offline', 'error'] as const;
export type ReceiverStatus = (typeof RECEIVER_STATUSES)[number];

/** Spec §4: online → offline; anything else (offline, error) → online. */
export function toggledReceiverStatus(status: ReceiverStatus): ReceiverStatus {
  return status === 'online' ? 'offline' : 'online';
}

export const RECEIVER_DEVICE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((v) => v || null);

export const ReceiverLocationSchema = z.object({
  latitude: z.number({ error: 'location.latitude must be a number' }).min(-90, { error: 'location.latitude must be between -90 and 90' }).max(90, { error: 'location.latitude must be between -90 and 90' }).nullable().optional(),
  longitude: z.number({ error: 'location.longitude must be a number' }).min(-180, { error: 'location.longitude must be between -180 and 180' }).max(180, { error: 'location.longitude must be between -180 and 180' }).nullable().optional(),
  region: optionalText('location.region', 64),
});

export const ReceiverCreateRequestSchema = z.object({
  deviceId: required('deviceId', 64).regex(RECEIVER_DEVICE_ID_PATTERN, {
    error: 'deviceId may only use letters, digits, dot, colon, dash and underscore',
  }),
  deviceName: required('deviceName', 100),
  model: z.enum(RECEIVER_MODELS, { error: `model must be one of ${RECEIVER_MODELS.join(', ')}` }),
  firmwareVersion: optionalText('firmwareVersion', 32),
  location: ReceiverLocationSchema.nullable().optional(),
});
export type ReceiverCreateRequest = z.input<typeof ReceiverCreateRequestSchema>;

export const ReceiverDeviceIdParamsSchema = z.object({ deviceId: required('deviceId', 64) });

/** Without a status the receiver toggles (spec §4); with one it is set (e.g. 'error' reported by a box). */
export const ReceiverStatusRequestSchema = z.object({
  status: z.enum(RECEIVER_STATUSES, { error: `status must be one of ${RECEIVER_STATUSES.join(', ')}` }).optional(),
});

/** Admins acting on someone else's receiver name the owner (device ids are unique per owner only). */
export const ReceiverOwnerQuerySchema = z.object({
  ownerId: idParam('ownerId').optional(),
});
