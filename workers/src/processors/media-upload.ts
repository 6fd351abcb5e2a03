/**
 * An upload becomes an on-demand item: probe, the HLS ladder, a download MP4 (≤ 720p) and a thumbnail
 * for video, and the podcast episode for audio (and for podcast or radio items). Files are made in a
 * work folder and moved into `vod/<contentId>/` at the end; the received file is deleted once used.
 *
 * Failure leaves nothing behind. A file ffmpeg cannot read removes the item the upload created (it was
 * never playable), its row and the received bytes; the creator reads the reason on the job's failure
 * (`job:failed`, GET /api/jobs/:id), which the upload dialog shows. A file ffmpeg read but could not
 * convert keeps its item, marked failed with ffmpeg's reason, so the creator sees why in the library.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { MediaJobPayload, MediaJobResult } from '@onair/protocol';
import { uploadPartFile } from '@onair/api/media-files';
import {
  downloadRendition,
  EPISODE_SAMPLE_RATE,
  fileSize,
  planLadder,
  removeItemFiles,
  UnreadableMediaError,
  vodPath,
  Workspace,
  type MediaTools,
} from '../engines/media/index.ts';
import { PermanentJobError } from '../errors.ts';
import { deleteUploadedItem, findAsset, markFailed, markProcessing, markReady, type ReadyAsset } from './media-store.ts';
import type { JobContext } from './types.ts';

/**
 * Progress from inside ffmpeg's output handler, which cannot wait: a failed report (Redis briefly
 * away) must not become an unhandled rejection, and the next report supersedes it anyway.
 */
export function reportLater(ctx: JobContext, percent: number, message: string): void {
  ctx.progress(Math.round(percent), message).catch(() => undefined);
}

/** What the episode step needs, in both processors. */
export interface EpisodeStep {
  ctx: JobContext;
  tools: MediaTools;
  workspace: Workspace;
  contentId: number;
  files: ReadyAsset;
}

/** Makes the loudness-normalised 44.1 kHz episode from `input` and records it in `files`; progress from `from` to 97. */
export async function makeEpisodeFile({ ctx, tools, workspace, contentId, files }: EpisodeStep, input: string, durationSeconds: number, from: number) {
  await ctx.progress(from, 'Making the podcast episode');
  await tools.episode(input, workspace.file('episode.mp3'), durationSeconds, (share) => {
    reportLater(ctx, from + share * (97 - from), 'Making the podcast episode');
  });
  Object.assign(files, {
    audioPath: vodPath(contentId, 'episode.mp3'),
    audioMime: 'audio/mpeg',
    audioBytes: await fileSize(workspace.file('episode.mp3')),
    audioSampleRate: EPISODE_SAMPLE_RATE,
  });
}

type UploadPayload = Extract<MediaJobPayload, { kind: 'upload' }>;

/** The result of a job that already finished (a retry after the last step), read back from the row. */
export function resultFromAsset(contentId: number, asset: NonNullable<Awaited<ReturnType<typeof findAsset>>>, renditions: number[]): MediaJobResult {
  return {
    contentId,
    durationSeconds: (asset.durationMs ?? 0) / 1000,
    hasVideo: asset.width !== null,
    width: asset.width,
    height: asset.height,
    renditions,
    episode: asset.audioPath !== null,
  };
}

export async function processUpload(payload: UploadPayload, ctx: JobContext, tools: MediaTools): Promise<MediaJobResult> {
  const k = ctx.db.kysely;
  const { contentId, uploadId } = payload;
  const source = uploadPartFile(tools.mediaDir, uploadId);
  const asset = await findAsset(k, contentId);
  if (asset?.status === 'ready') {
    // An earlier attempt finished and died before saying so: only the received bytes may be left.
    await rm(source, { force: true });
    const ladder = planLadder({ hasVideo: asset.height !== null, hasAudio: true, height: asset.height, fps: null });
    return resultFromAsset(contentId, asset, ladder.video.map((r) => r.height));
  }
  const content = await k.selectFrom('content').select(['id', 'type']).where('id', '=', contentId).executeTakeFirst();
  if (!content) throw new PermanentJobError(`contentId: content ${contentId} no longer exists`);

  await markProcessing(k, contentId);
  await ctx.progress(1, 'Reading the file');
  let probe;
  try {
    probe = await tools.probe(source);
  } catch (error) {
    await rm(source, { force: true });
    if (error instanceof UnreadableMediaError) {
      await removeItemFiles(tools.mediaDir, contentId);
      await deleteUploadedItem(k, contentId, uploadId);
      throw error;
    }
    // ffprobe missing or failing for another reason: the item says why.
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(k, contentId, reason);
    throw new PermanentJobError(reason);
  }

  const plan = planLadder(probe);
  const makeEpisode = !probe.hasVideo || content.type === 'podcast' || content.type === 'radio';
  const workspace = await Workspace.open(tools.mediaDir, contentId, ctx.jobId);
  try {
    const names = [...plan.video.map((r) => r.name), ...(plan.audio ? ['audio'] : [])].join(', ');
    const ladderEnd = makeEpisode && probe.hasVideo ? 70 : makeEpisode ? 50 : 88;
    await ctx.progress(3, `Transcoding ${names}`);
    await tools.transcodeHls(source, workspace.dir, plan, probe.durationSeconds, (share) => {
      reportLater(ctx, 3 + share * (ladderEnd - 3), `Transcoding ${names}`);
    });

    const files: ReadyAsset = {
      hlsPath: vodPath(contentId, 'master.m3u8'),
      filePath: null,
      fileBytes: null,
      audioPath: null,
      audioMime: null,
      audioBytes: null,
      audioSampleRate: null,
      thumbnailPath: null,
      durationMs: Math.round(probe.durationSeconds * 1000),
      width: probe.width,
      height: probe.height,
    };
    const download = downloadRendition(plan);
    if (download) {
      await ctx.progress(ladderEnd, 'Making the download file');
      // A copy of the ≤ 720p rendition's segments: no second encode.
      await tools.remuxMp4(path.join(workspace.dir, download.name, 'index.m3u8'), workspace.file('video.mp4'), { video: true, audio: probe.hasAudio }, probe.durationSeconds, () => undefined);
      files.filePath = vodPath(contentId, 'video.mp4');
      files.fileBytes = await fileSize(workspace.file('video.mp4'));
      await ctx.progress(ladderEnd + 3, 'Making the thumbnail');
      await tools.thumbnail(source, workspace.file('thumb.jpg'), probe.durationSeconds * 0.1);
      files.thumbnailPath = vodPath(contentId, 'thumb.jpg');
    }
    if (makeEpisode && probe.hasAudio) {
      await makeEpisodeFile({ ctx, tools, workspace, contentId, files }, source, probe.durationSeconds, ladderEnd + (download ? 5 : 0));
    }

    await ctx.progress(98, 'Publishing');
    await workspace.commit();
    await markReady(k, contentId, files, { publish: true });
    await rm(source, { force: true });
    return {
      contentId,
      durationSeconds: probe.durationSeconds,
      hasVideo: probe.hasVideo,
      width: probe.width,
      height: probe.height,
      renditions: plan.video.map((r) => r.height),
      episode: files.audioPath !== null,
    };
  } catch (error) {
    await workspace.discard();
    const reason = error instanceof Error ? error.message : String(error);
    await markFailed(k, contentId, reason);
    await rm(source, { force: true });
    // Converting the same bytes again fails the same way: the failure is final.
    throw new PermanentJobError(reason);
  }
}
