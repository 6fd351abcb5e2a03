/**
 * The `media` job: uploads and live recordings become on-demand items (see media-upload.ts and
 * media-recording.ts). Runs where ffmpeg is: in the API process with the inline driver, on the
 * workers with BullMQ. Deleting the item stops it (media-cancel.ts).
 */
import { PermanentJobError } from '../errors.ts';
import { untilItemDeleted } from './media-cancel.ts';
import { processRecording } from './media-recording.ts';
import { processUpload } from './media-upload.ts';
import type { Processor } from './types.ts';

export const mediaProcessor: Processor<'media'> = async (payload, ctx) => {
  const tools = ctx.engines.media;
  if (!tools) throw new PermanentJobError('This worker has no media configuration (MEDIA_DIR, FFMPEG_PATH, FFPROBE_PATH)');
  const job = { k: ctx.db.kysely, mediaDir: tools.mediaDir, contentId: payload.contentId, uploadId: payload.kind === 'upload' ? payload.uploadId : undefined };
  return untilItemDeleted(job, (signal) =>
    payload.kind === 'upload' ? processUpload(payload, ctx, tools.withSignal(signal)) : processRecording(payload, ctx, tools.withSignal(signal)),
  );
};
