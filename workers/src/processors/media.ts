/**
 * The `media` job: uploads and live recordings become on-demand items (see media-upload.ts and
 * media-recording.ts). Runs where ffmpeg is: in the API process with the inline driver, on the
 * workers with BullMQ.
 */
import { PermanentJobError } from '../errors.ts';
import { processRecording } from './media-recording.ts';
import { processUpload } from './media-upload.ts';
import type { Processor } from './types.ts';

export const mediaProcessor: Processor<'media'> = async (payload, ctx) => {
  const tools = ctx.engines.media;
  if (!tools) throw new PermanentJobError('This worker has no media configuration (MEDIA_DIR, FFMPEG_PATH, FFPROBE_PATH)');
  return payload.kind === 'upload' ? processUpload(payload, ctx, tools) : processRecording(payload, ctx, tools);
};
