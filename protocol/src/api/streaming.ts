/**
 * Creator Studio streaming control (spec §2 Creator Studio, §3 Streaming config, §4 Stream, §5, §9).
 * GET/POST /api/creator/streaming/config, POST /api/creator/streaming/start, POST
 * /api/creator/streaming/stop/{id}, GET /api/creator/streaming/active, POST
 * /api/creator/streaming/key/regenerate; socket event `streams:active` to `creator:{userId}`.
 */
import { z } from 'zod';
import { idField, idParam } from '../ids.ts';
import { CONTENT_TYPES, STREAM_BITRATE, STREAM_DEFAULTS, STREAM_DESTINATIONS, STREAM_RESOLUTIONS } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';

export const STREAM_DESTINATION_IDS = STREAM_DESTINATIONS.map((d) => d.id) as [
  (typeof STREAM_DESTINATIONS)[number]['id'],
  ...(typeof STREAM_DESTINATIONS)[number]['id'][],
];
export const STREAM_TITLE_MAX_LENGTH = 200;
export const STREAM_DESCRIPTION_MAX_LENGTH = 5000;

export const StreamDestinationSchema = z.object({
  platform: z.enum(STREAM_DESTINATION_IDS, { error: `platform must be one of ${STREAM_DESTINATION_IDS.join(', ')}` }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type StreamDestination = z.infer<typeof StreamDestinationSchema>;

/** Every destination of spec §9 with its default: a config always lists all of them, in this order. */
export function defaultDestinations(): StreamDestination[] {
  return STREAM_DESTINATIONS.map((d) => ({ platform: d.id, enabled: d.defaultEnabled }));
}

/** Fills in destinations the request left out with their defaults; later entries win over earlier. */
export function normaliseDestinations(given: readonly StreamDestination[] | undefined): StreamDestination[] {
  const chosen = new Map((given ?? []).map((d) => [d.platform, d.enabled]));
  return defaultDestinations().map((d) => ({ platform: d.platform, enabled: chosen.get(d.platform) ?? d.enabled }));
}

export function destinationName(platform: string): string {
  return STREAM_DESTINATIONS.find((d) => d.id === platform)?.name ?? platform;
}

/**
 * POST /api/creator/streaming/config. A blank title may be saved (settings can be saved before the
 * show has a name); starting needs one (spec §5: Missing Title).
 */
export const StreamConfigRequestSchema = z.object({
  title: z
    .string({ error: 'title must be text' })
    .trim()
    .max(STREAM_TITLE_MAX_LENGTH, { error: `title must be at most ${STREAM_TITLE_MAX_LENGTH} characters` })
    .default(''),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(STREAM_DESCRIPTION_MAX_LENGTH, { error: `description must be at most ${STREAM_DESCRIPTION_MAX_LENGTH} characters` })
    .default(''),
  destinations: z.array(StreamDestinationSchema, { error: 'destinations must be a list' }).max(20).optional(),
  bitrate: z
    .number({ error: 'bitrate must be a number' })
    .int({ error: 'bitrate must be a whole number of kbps' })
    .min(STREAM_BITRATE.min, { error: `bitrate must be at least ${STREAM_BITRATE.min} kbps` })
    .max(STREAM_BITRATE.max, { error: `bitrate must be at most ${STREAM_BITRATE.max} kbps` })
    .default(STREAM_DEFAULTS.bitrate),
  resolution: z
    .enum(STREAM_RESOLUTIONS, { error: `resolution must be one of ${STREAM_RESOLUTIONS.join(', ')}` })
    .default(STREAM_DEFAULTS.resolution),
  saveRecording: z.boolean({ error: 'saveRecording must be true or false' }).default(STREAM_DEFAULTS.saveRecording),
  generatePodcast: z.boolean({ error: 'generatePodcast must be true or false' }).default(STREAM_DEFAULTS.generatePodcast),
  /** Speech to text while on air: cues over the socket and a WebVTT rendition (issue 15). */
  liveCaptions: z.boolean({ error: 'liveCaptions must be true or false' }).default(STREAM_DEFAULTS.liveCaptions),
  /** What the live item is listed as: a TV channel by default, radio for audio-only shows. */
  contentType: z.enum(CONTENT_TYPES, { error: `contentType must be one of ${CONTENT_TYPES.join(', ')}` }).default('tv'),
});
export type StreamConfigRequest = z.input<typeof StreamConfigRequestSchema>;

/** GET and POST /api/creator/streaming/config. `configId` is null until the first save. */
export const StreamConfigSchema = z.object({
  configId: Id.nullable(),
  title: z.string(),
  description: z.string(),
  destinations: z.array(StreamDestinationSchema),
  bitrate: z.number().int(),
  resolution: z.enum(STREAM_RESOLUTIONS),
  saveRecording: z.boolean(),
  generatePodcast: z.boolean(),
  liveCaptions: z.boolean(),
  contentType: z.enum(CONTENT_TYPES),
  /** Where an encoder (OBS and the like) sends the stream, e.g. rtmp://host/live. */
  ingestUrl: z.string(),
  /** Secret; shown only to its owner. Null until the config is first saved. */
  streamKey: z.string().nullable(),
  /** How long a started broadcast waits for its encoder's first connection before it ends on its own; null: until stopped. */
  encoderWaitSeconds: z.number().int().positive().nullable(),
});
export type StreamConfig = z.infer<typeof StreamConfigSchema>;

export const StreamStartRequestSchema = z.object({
  configId: idField('configId'),
});
export type StreamStartRequest = z.infer<typeof StreamStartRequestSchema>;

export const StreamStartResponseSchema = z.object({
  streamId: Id,
  contentId: Id,
  /** Names of the enabled destinations (the toast says 'Broadcasting to N platforms'). */
  destinations: z.array(z.string()),
  startedAt: IsoDate,
});
export type StreamStartResponse = z.infer<typeof StreamStartResponseSchema>;

export const StreamIdParamsSchema = z.object({ id: idParam('id') });

export const StreamStopResponseSchema = z.object({
  streamId: Id,
  contentId: Id,
  endedAt: IsoDate,
  durationSeconds: z.number().int().nonnegative(),
  /** 'published' when the recording is kept as on-demand content, else 'offline'. */
  contentStatus: z.enum(['published', 'offline']),
});
export type StreamStopResponse = z.infer<typeof StreamStopResponseSchema>;

export const ActiveStreamSchema = z.object({
  id: Id,
  contentId: Id,
  title: z.string(),
  /** People watching now (live presence). */
  viewerCount: z.number().int().nonnegative(),
  peakViewers: z.number().int().nonnegative(),
  destinations: z.array(z.string()),
  startedAt: IsoDate,
});
export type ActiveStream = z.infer<typeof ActiveStreamSchema>;

export const ActiveStreamsResponseSchema = z.object({ streams: z.array(ActiveStreamSchema) });
export type ActiveStreamsResponse = z.infer<typeof ActiveStreamsResponseSchema>;

export const StreamKeyResponseSchema = z.object({ configId: Id, ingestUrl: z.string(), streamKey: z.string() });
export type StreamKeyResponse = z.infer<typeof StreamKeyResponseSchema>;
