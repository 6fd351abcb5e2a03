import { z } from 'zod';

/**
 * The `media` job: turn a source file into what players open. An upload (every byte received) or a
 * recording (the copy a live stream wrote while on air) becomes an on-demand item: an HLS ladder that
 * never upscales (uploads), a progressive MP4, a thumbnail, the real duration from ffprobe and, for
 * audio or when asked, a loudness-normalised 44.1 kHz episode file for podcast feeds.
 */
export const MediaJobPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('upload'),
    uploadId: z.string().min(1),
    contentId: z.number().int().positive(),
  }),
  z.object({
    kind: z.literal('recording'),
    contentId: z.number().int().positive(),
    /** The recorded file, relative to MEDIA_DIR (MPEG-TS written by the live packager). */
    source: z.string().min(1),
    generatePodcast: z.boolean(),
  }),
]);
export type MediaJobPayload = z.infer<typeof MediaJobPayloadSchema>;

export const MediaJobResultSchema = z.object({
  contentId: z.number().int().positive(),
  durationSeconds: z.number().nonnegative(),
  hasVideo: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Rendition heights in the HLS ladder (empty when no ladder was made). */
  renditions: z.array(z.number().int()),
  episode: z.boolean(),
});
export type MediaJobResult = z.infer<typeof MediaJobResultSchema>;
