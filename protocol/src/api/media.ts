/**
 * Media (issue: real live video and radio). Playback URLs on content, live input health, restream
 * destinations and their states, resumable uploads. Every URL here is a path on the API's origin under
 * `/media/` (or the public media base URL the server is configured with).
 */
import { z } from 'zod';
import { idParam } from '../ids.ts';
import { CONTENT_TYPES } from '../constants.ts';
import { Id, IsoDate } from '../primitives.ts';

/** Processing state of an item's media, for the library and the upload dialog. */
export const MediaStatusSchema = z.object({
  contentId: Id,
  status: z.enum(['live', 'processing', 'ready', 'failed']),
  error: z.string().nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaStatus = z.infer<typeof MediaStatusSchema>;

/**
 * The broadcaster's encoder as the ingest sees it, pushed to `content:{contentId}`: `lost` when it drops
 * (the broadcast waits for it until `endsAt`), `restored` when its picture is back, `ended` when the
 * broadcast ended without it. Players tell the broadcaster's drop from the viewer's own network by it.
 */
export const StreamSignalSchema = z.object({
  contentId: Id,
  state: z.enum(['lost', 'restored', 'ended']),
  /** While lost: when the broadcast ends unless the encoder comes back. */
  endsAt: IsoDate.nullable(),
});
export type StreamSignal = z.infer<typeof StreamSignalSchema>;

/** What the machine can do with media: the Studio and upload dialog say what to install otherwise. */
export const MediaCapabilitiesSchema = z.object({
  ffmpeg: z.boolean(),
  ffmpegVersion: z.string().nullable(),
  /** Where encoders push; null when ingest is off on this deployment. */
  ingestUrl: z.string().nullable(),
  uploadMaxBytes: z.number().int().positive(),
  /** How to get ffmpeg, shown when it is missing. */
  install: z.string().nullable(),
});
export type MediaCapabilities = z.infer<typeof MediaCapabilitiesSchema>;

/** The live input as the server measures it, pushed to `creator:{userId}` at least every 2 s. */
export const StreamHealthSchema = z.object({
  streamId: Id,
  contentId: Id,
  /** Measured input bitrate, kbps, over the last few seconds. */
  bitrateKbps: z.number().nonnegative(),
  /** The bitrate configured in the Studio, kbps. */
  configuredKbps: z.number().nonnegative(),
  fps: z.number().nonnegative().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Seconds between keyframes (null for audio-only). */
  keyframeInterval: z.number().nonnegative().nullable(),
  videoCodec: z.string().nullable(),
  audioCodec: z.string().nullable(),
  /** Milliseconds since the last byte arrived. */
  idleMs: z.number().nonnegative(),
  /** Plain-language problems: low bitrate, long keyframe interval, no data. Empty when healthy. */
  warnings: z.array(z.string()),
  /**
   * Live captions on: milliseconds from a word being spoken (its place in the stream, on the wall clock)
   * to its cue being sent, for the latest cue; null until a cue has been measured or with captions off.
   */
  captionDelayMs: z.number().nonnegative().nullable().optional(),
  measuredAt: IsoDate,
});
export type StreamHealth = z.infer<typeof StreamHealthSchema>;

export const RESTREAM_PLATFORMS = ['facebook', 'youtube', 'twitter', 'custom'] as const;
export type RestreamPlatform = (typeof RESTREAM_PLATFORMS)[number];

/** A restream destination as its owner sees it: the key never comes back, only its last characters. */
export const RestreamTargetSchema = z.object({
  id: Id,
  platform: z.enum(RESTREAM_PLATFORMS),
  name: z.string(),
  serverUrl: z.string(),
  keyHint: z.string(),
  enabled: z.boolean(),
});
export type RestreamTarget = z.infer<typeof RestreamTargetSchema>;

const RTMP_URL = /^rtmps?:\/\/[^\s/?#]+(?::\d{1,5})?(?:\/[^\s?#]*)?$/i;

export const RestreamTargetRequestSchema = z.object({
  platform: z.enum(RESTREAM_PLATFORMS, { error: `platform must be one of ${RESTREAM_PLATFORMS.join(', ')}` }),
  name: z.string({ error: 'name must be text' }).trim().min(1, { error: 'name is required' }).max(80, { error: 'name must be at most 80 characters' }),
  serverUrl: z
    .string({ error: 'serverUrl must be text' })
    .trim()
    .max(500, { error: 'serverUrl must be at most 500 characters' })
    .regex(RTMP_URL, { error: 'serverUrl must be an rtmp:// or rtmps:// URL' }),
  streamKey: z
    .string({ error: 'streamKey must be text' })
    .trim()
    .min(1, { error: 'streamKey is required' })
    .max(500, { error: 'streamKey must be at most 500 characters' })
    .regex(/^[^\s]+$/, { error: 'streamKey must not contain spaces' }),
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
});
export type RestreamTargetRequest = z.input<typeof RestreamTargetRequestSchema>;

/** PATCH: any subset; a new key replaces the stored one. */
export const RestreamTargetPatchSchema = RestreamTargetRequestSchema.partial().extend({
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export const RestreamTargetIdParamsSchema = z.object({ id: idParam('id') });

export const RESTREAM_STATES = ['connecting', 'live', 'failed', 'retrying', 'stopped'] as const;

/** One destination's state during a broadcast, pushed to `creator:{userId}` on every change. */
export const RestreamStateSchema = z.object({
  streamId: Id,
  targetId: Id,
  name: z.string(),
  platform: z.enum(RESTREAM_PLATFORMS),
  state: z.enum(RESTREAM_STATES),
  /** Why it failed, from ffmpeg's own words. */
  reason: z.string().nullable(),
  /** Attempts so far (a failed destination is retried with backoff while the stream lasts). */
  attempts: z.number().int().nonnegative(),
  since: IsoDate,
});
export type RestreamState = z.infer<typeof RestreamStateSchema>;

/** Begins a resumable upload; chunks follow with PUT at `Upload-Offset`. */
export const UploadCreateRequestSchema = z.object({
  filename: z.string({ error: 'filename must be text' }).trim().min(1, { error: 'filename is required' }).max(255, { error: 'filename must be at most 255 characters' }),
  sizeBytes: z
    .number({ error: 'sizeBytes must be a number' })
    .int({ error: 'sizeBytes must be a whole number' })
    .positive({ error: 'sizeBytes must be more than 0' }),
  title: z.string({ error: 'title must be text' }).trim().min(1, { error: 'title is required' }).max(200, { error: 'title must be at most 200 characters' }),
  description: z.string({ error: 'description must be text' }).trim().max(5000, { error: 'description must be at most 5000 characters' }).default(''),
  type: z.enum(CONTENT_TYPES, { error: `type must be one of ${CONTENT_TYPES.join(', ')}` }).default('tv'),
  category: z.string({ error: 'category must be text' }).trim().max(100, { error: 'category must be at most 100 characters' }).optional(),
  language: z.string({ error: 'language must be text' }).trim().min(2, { error: 'language must be a language code' }).max(10, { error: 'language must be a language code' }).default('en'),
});
export type UploadCreateRequest = z.input<typeof UploadCreateRequestSchema>;

export const UploadSchema = z.object({
  uploadId: z.string(),
  contentId: Id.nullable(),
  filename: z.string(),
  sizeBytes: z.number().int(),
  receivedBytes: z.number().int(),
  /** The media job, once every byte has arrived. */
  jobId: z.string().nullable(),
});
export type Upload = z.infer<typeof UploadSchema>;

export const UploadIdParamsSchema = z.object({
  id: z.string({ error: 'id is required' }).regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'id is not a known upload' }),
});

/**
 * REST paths of the media area (issue 11). Creator Studio:
 *   GET  /api/media/capabilities                      → MediaCapabilities (anyone signed in)
 *   GET  /api/creator/streaming/destinations          → RestreamTarget[]
 *   POST /api/creator/streaming/destinations          RestreamTargetRequest → RestreamTarget (201)
 *   PATCH/DELETE /api/creator/streaming/destinations/:id
 *   GET  /api/creator/streaming/health                → StreamHealth[] (polling fallback of `stream:health`)
 *   GET  /api/creator/streaming/restreams             → RestreamState[] (fallback of `restream:state`)
 * Uploads (creators): POST /api/media/uploads UploadCreateRequest → Upload (201); PUT /api/media/uploads/:id
 * with `Upload-Offset` and an `application/offset+octet-stream` body → Upload; GET /api/media/uploads/:id.
 * GET /api/media/status/:contentId → MediaStatus. Files: GET /media/... (HLS, MP4, MP3, JPEG).
 */
export const MediaStatusParamsSchema = z.object({ contentId: idParam('contentId') });
export const RestreamStatesResponseSchema = z.array(RestreamStateSchema);
export const StreamHealthResponseSchema = z.array(StreamHealthSchema);

/** What to install when ffmpeg is missing: said by GET /api/media/capabilities and by failed media jobs. */
export const FFMPEG_INSTALL = 'Install ffmpeg (apt-get install ffmpeg) to enable streaming and uploads';

/** One live caption, pushed to the content room as speech is recognised (`caption:cue`). */
export const LiveCaptionCueSchema = z.object({
  contentId: Id,
  streamId: Id,
  /** Milliseconds from the start of the broadcast's audio. */
  startMs: z.number().int().nonnegative(),
  endMs: z.number().int().nonnegative(),
  text: z.string(),
  /** Speech to cue: wall-clock milliseconds between the end of the words and this cue being sent. */
  delayMs: z.number().int().nonnegative(),
});
export type LiveCaptionCue = z.infer<typeof LiveCaptionCueSchema>;
