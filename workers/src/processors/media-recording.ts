/**
 * A live recording becomes the on-demand item: the MPEG-TS the live packager wrote is copied (no
 * re-encode) into a progressive MP4 with the index at the front (an M4A for audio-only broadcasts),
 * its real duration read back with ffprobe, a thumbnail at a tenth of the way in, and, with
 * `generatePodcast`, the loudness-normalised 44.1 kHz episode. The TS is deleted once the MP4 holds
 * the same streams; on failure it stays, and the item is marked failed with ffmpeg's reason.
 */
import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { MediaJobPayload, MediaJobResult } from '@onair/protocol';
import { fileSize, vodPath, Workspace, type MediaTools } from '../engines/media/index.ts';
import { PermanentJobError } from '../errors.ts';
import { findAsset, markFailed, markProcessing, markReady, type ReadyAsset } from './media-store.ts';
import { makeEpisodeFile, reportLater, resultFromAsset } from './media-upload.ts';
import type { JobContext } from './types.ts';

type RecordingPayload = Extract<MediaJobPayload, { kind: 'recording' }>;

/** The source inside MEDIA_DIR, or a permanent error for a path that leaves it. */
export function recordingSource(mediaDir: string, relative: string): string {
  const root = path.resolve(mediaDir);
  const resolved = path.resolve(root, relative);
  if (!resolved.startsWith(root + path.sep)) throw new PermanentJobError(`source: ${relative} is not inside the media folder`);
  return resolved;
}

/** The TS and, when it held nothing else, its folder (the packager keeps one per item). */
async function removeSource(mediaDir: string, source: string): Promise<void> {
  await rm(source, { force: true });
  if (path.dirname(source) !== path.resolve(mediaDir)) await rmdir(path.dirname(source)).catch(() => undefined);
}

export async function processRecording(payload: RecordingPayload, ctx: JobContext, tools: MediaTools): Promise<MediaJobResult> {
  const k = ctx.db.kysely;
  const { contentId } = payload;
  const source = recordingSource(tools.mediaDir, payload.source);
  const asset = await findAsset(k, contentId);
  if (asset?.status === 'ready' && asset.filePath?.startsWith(vodPath(contentId, ''))) {
    // An earlier attempt saved the recording and died before saying so: only the TS may be left.
    await removeSource(tools.mediaDir, source);
    return resultFromAsset(contentId, asset, []);
  }
  const content = await k.selectFrom('content').select('id').where('id', '=', contentId).executeTakeFirst();
  if (!content) throw new PermanentJobError(`contentId: content ${contentId} no longer exists`);

  await markProcessing(k, contentId);
  let workspace: Workspace | null = null;
  try {
    await ctx.progress(1, 'Reading the recording');
    const probe = await tools.probe(source);
    workspace = await Workspace.open(tools.mediaDir, contentId, ctx.jobId);
    const name = probe.hasVideo ? 'video.mp4' : 'audio.m4a';
    const remuxEnd = payload.generatePodcast ? 40 : 85;
    await ctx.progress(3, 'Saving the recording');
    await tools.remuxMp4(source, workspace.file(name), { video: probe.hasVideo, audio: probe.hasAudio }, probe.durationSeconds, (share) => {
      reportLater(ctx, 3 + share * (remuxEnd - 3), 'Saving the recording');
    });
    // The duration of what viewers will play, not of the TS (which may carry a partial last packet).
    const saved = await tools.probe(workspace.file(name));
    const files: ReadyAsset = {
      hlsPath: null,
      filePath: vodPath(contentId, name),
      fileBytes: await fileSize(workspace.file(name)),
      audioPath: null,
      audioMime: null,
      audioBytes: null,
      audioSampleRate: null,
      thumbnailPath: null,
      durationMs: Math.round(saved.durationSeconds * 1000),
      width: saved.width,
      height: saved.height,
    };
    if (probe.hasVideo) {
      await ctx.progress(remuxEnd, 'Making the thumbnail');
      await tools.thumbnail(workspace.file(name), workspace.file('thumb.jpg'), saved.durationSeconds * 0.1);
      files.thumbnailPath = vodPath(contentId, 'thumb.jpg');
    }
    if (payload.generatePodcast && probe.hasAudio) {
      await makeEpisodeFile({ ctx, tools, workspace, contentId, files }, workspace.file(name), saved.durationSeconds, remuxEnd + 3);
    }
    await ctx.progress(98, 'Publishing the recording');
    await workspace.commit();
    await markReady(k, contentId, files, { publish: false });
    await removeSource(tools.mediaDir, source);
    return {
      contentId,
      durationSeconds: saved.durationSeconds,
      hasVideo: probe.hasVideo,
      width: saved.width,
      height: saved.height,
      renditions: [],
      episode: files.audioPath !== null,
    };
  } catch (error) {
    await workspace?.discard();
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(k, contentId, reason);
    throw new PermanentJobError(reason);
  }
}
