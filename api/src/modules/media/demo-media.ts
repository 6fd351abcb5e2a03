/**
 * Demo clips. The demo seed writes a library of a few hundred items with no media, so the quick start
 * said "Nothing to play yet" wherever a visitor clicked. With the demo on, the most-watched TV
 * programmes, radio show and podcast get a short clip that really plays: ffmpeg makes it from its
 * built-in test sources (a test card with a tone, a chord for the audio items) and hands it to the
 * same `media` job as a creator's upload (the ladder, the download file, the thumbnail, the episode),
 * so the clip is what any upload becomes, and its progress reaches the owner's open pages.
 *
 * Once per database (a marker in app_meta, written when every clip is queued); an item that already
 * has media is left alone, so a start that died half-way finishes the rest on the next one. Without
 * ffmpeg nothing happens: the library stays as the seed wrote it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ContentType } from '@onair/protocol';
import { FfmpegProcess } from './live/ffmpeg-process.ts';
import { detectFfmpeg } from './capabilities.ts';
import { processingAsset, setUploadJob } from './uploads-repository.ts';
import { uploadPartFile } from './item-files.ts';

const DEMO_MEDIA_MARKER = 'demo_media_v1';

/** Which items get a clip: the most-watched published ones of each type, in this order. */
export const DEMO_CLIP_TYPES: readonly ContentType[] = ['tv', 'tv', 'radio', 'podcast'];

export interface DemoMediaOptions {
  /** Seconds of each clip; long enough to see the ladder switch, short enough to encode in seconds. */
  clipSeconds?: number;
}

export interface DemoMediaResult {
  /** The items whose clip was queued, with the job that makes each playable. */
  queued: { contentId: number; jobId: string }[];
}

/** The upload record's file name of a demo clip: how a restart tells the demo's clips from creators' uploads. */
const DEMO_CLIP_FILENAME = 'demo-clip';

/** The ffmpeg arguments that write a clip of `seconds` to `output` (MP4 for video, MP3 for audio). */
export function demoClipArgs(kind: 'video' | 'audio', seconds: number, output: string): string[] {
  const duration = ['-t', String(seconds)];
  if (kind === 'audio') {
    // A soft A-minor chord that breathes, rather than a test tone: it is what the listener hears.
    const chord = '0.08*sin(2*PI*220*t)+0.06*sin(2*PI*261.63*t)+0.06*sin(2*PI*329.63*t)';
    return ['-y', '-f', 'lavfi', '-i', `aevalsrc=(${chord})*(0.7+0.3*sin(2*PI*0.25*t)):s=44100:c=stereo`, ...duration, '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', output];
  }
  return [
    '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-f', 'lavfi', '-i', 'sine=frequency=440:beep_factor=4:sample_rate=48000',
    ...duration,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-f', 'mp4', output,
  ];
}

/**
 * The most-watched published item of each wanted type that has no media yet. A slot a clip already
 * fills (an earlier start stopped halfway through the list) is skipped: that clip's job is queued again
 * at start (interrupted-jobs.ts), and the demo keeps its four items.
 */
async function pickItems(app: FastifyInstance): Promise<{ id: number; type: ContentType; creatorId: number }[]> {
  const picked: { id: number; type: ContentType; creatorId: number }[] = [];
  const seeded = await app.db.kysely
    .selectFrom('mediaUploads')
    .innerJoin('content', 'content.id', 'mediaUploads.contentId')
    .select('content.type')
    .where('mediaUploads.filename', '=', DEMO_CLIP_FILENAME)
    .execute();
  const filled = seeded.map((row) => row.type);
  for (const type of DEMO_CLIP_TYPES) {
    const slot = filled.indexOf(type);
    if (slot >= 0) {
      filled.splice(slot, 1);
      continue;
    }
    const taken = picked.map((item) => item.id);
    const item = await app.db.kysely
      .selectFrom('content')
      .leftJoin('contentViewCounts', 'contentViewCounts.contentId', 'content.id')
      .select(['content.id', 'content.type', 'content.creatorId'])
      .where('content.type', '=', type)
      .where('content.creatorId', 'is not', null)
      .where('content.status', '=', 'published')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('mediaAssets').select('mediaAssets.contentId').whereRef('mediaAssets.contentId', '=', 'content.id'))))
      .$if(taken.length > 0, (qb) => qb.where('content.id', 'not in', taken))
      .orderBy((eb) => eb.fn.coalesce('contentViewCounts.views', eb.lit(0)), 'desc')
      .orderBy('content.id')
      .limit(1)
      .executeTakeFirst();
    if (item?.creatorId != null) picked.push({ ...item, creatorId: item.creatorId });
  }
  return picked;
}

export async function seedDemoMedia(app: FastifyInstance, options: DemoMediaOptions = {}): Promise<DemoMediaResult> {
  const db = app.db.kysely;
  const done = await db.selectFrom('appMeta').select('value').where('key', '=', DEMO_MEDIA_MARKER).executeTakeFirst();
  if (done) return { queued: [] };
  const { ffmpegPath, mediaDir } = app.config;
  if (!(await detectFfmpeg(ffmpegPath)).present) return { queued: [] };

  const seconds = options.clipSeconds ?? 30;
  const queued: DemoMediaResult['queued'] = [];
  await mkdir(path.join(mediaDir, 'uploads'), { recursive: true });
  for (const item of await pickItems(app)) {
    // Where a creator's upload waits for its job: the job reads it there and deletes it when done.
    const uploadId = `demo-${randomBytes(12).toString('base64url')}`;
    const part = uploadPartFile(mediaDir, uploadId);
    const kind = item.type === 'tv' ? 'video' : 'audio';
    const ffmpeg = new FfmpegProcess(ffmpegPath, demoClipArgs(kind, seconds, part));
    await ffmpeg.exited;
    if (ffmpeg.exitCode !== 0) {
      await rm(part, { force: true });
      throw new Error(`Demo clip for item ${item.id}: ${ffmpeg.reason()}`);
    }
    // Processing from now on, as an upload's item is, rather than "Nothing to play yet" until the job starts;
    // with an upload record as a creator's finished upload has, so a restart before the job ends queues it again.
    const now = Date.now();
    const { size } = await stat(part);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('mediaAssets').values(processingAsset(item.id, now)).execute();
      await trx
        .insertInto('mediaUploads')
        .values({ id: uploadId, creatorId: item.creatorId, contentId: item.id, filename: DEMO_CLIP_FILENAME, sizeBytes: size, receivedBytes: size, meta: '{}', jobId: null, createdAt: now, updatedAt: now })
        .execute();
    });
    const jobId = await app.jobs.enqueue('media', { kind: 'upload', uploadId, contentId: item.id }, { userId: item.creatorId });
    await setUploadJob(db, uploadId, jobId);
    queued.push({ contentId: item.id, jobId });
  }
  await db.insertInto('appMeta').values({ key: DEMO_MEDIA_MARKER, value: new Date().toISOString() }).execute();
  return { queued };
}
