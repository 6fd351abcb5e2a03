/**
 * Deleting an item while its media is being made stops the job: ffmpeg ends within seconds, what it
 * wrote and the upload's bytes go, and the job fails saying why. ffmpeg reads its input at real speed
 * here (a wrapper adds `-readrate 1`, as on a machine far slower than this one), so the 20 s clip's
 * transcode would take 20 s: a job that ends a few seconds after the deletion was stopped.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatusSchema, UploadSchema, type JobStatus } from '@onair/protocol';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';

const CLIP_SECONDS = 20;
let dir: string;
let clip: string;
let slowFfmpeg: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'onair-media-cancel-'));
  clip = path.join(dir, 'long-take.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=25:duration=${CLIP_SECONDS}`, '-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${CLIP_SECONDS}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip,
  ]);
  slowFfmpeg = path.join(dir, 'ffmpeg-at-real-speed');
  writeFileSync(slowFfmpeg, '#!/bin/sh\nexec ffmpeg -readrate 1 "$@"\n');
  chmodSync(slowFfmpeg, 0o755);
}, 60_000);

/** The command lines of running ffmpeg processes that mention `text`. */
function ffmpegRunningWith(text: string): string[] {
  const out = execFileSync('ps', ['-ww', '-eo', 'args'], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.startsWith('ffmpeg ') && line.includes(text));
}

describe.each(await testDialects())('deleting an item while its media is processed (%s)', (dialect) => {
  let t: TestApp;
  let creator: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: TINY_SEED, env: { FFMPEG_PATH: slowFfmpeg } });
    creator = await signIn(t.app, 'creator', 'creator123');
  });
  afterAll(() => t.close());

  const job = async (id: string): Promise<JobStatus> =>
    JobStatusSchema.parse((await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: { cookie: creator } })).json());

  it('stops ffmpeg, removes what the job wrote and the upload’s bytes, and fails the job saying why', async () => {
    const bytes = readFileSync(clip);
    const begun = await t.app.inject({ method: 'POST', url: '/api/media/uploads', headers: { cookie: creator }, payload: { filename: 'long-take.mp4', sizeBytes: bytes.length, title: 'Long take', type: 'tv' } });
    expect(begun.statusCode, begun.body).toBe(201);
    const { uploadId } = UploadSchema.parse(begun.json());
    const sent = await t.app.inject({
      method: 'PUT',
      url: `/api/media/uploads/${uploadId}`,
      headers: { cookie: creator, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
      payload: bytes,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const upload = UploadSchema.parse(sent.json());
    const contentId = upload.contentId!;
    const jobId = upload.jobId!;
    const workFolder = `.work-${contentId}-`;
    // Other test files' apps make items with the same ids: only this app's media folder counts.
    const workPath = path.join(t.config.mediaDir, 'vod', workFolder);

    // The job is in its transcode, with ffmpeg running (it starts just after the job says so).
    await expect.poll(async () => (await job(jobId)).message, { timeout: 30_000, interval: 200 }).toMatch(/^Transcoding/);
    await expect.poll(() => ffmpegRunningWith(workPath).length, { timeout: 10_000, interval: 100 }).toBe(1);

    const started = Date.now();
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/content/${contentId}`, headers: { cookie: creator } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await expect.poll(async () => (await job(jobId)).state, { timeout: 15_000, interval: 200 }).toBe('failed');
    const stoppedAfter = Date.now() - started;
    expect(stoppedAfter).toBeLessThan((CLIP_SECONDS / 2) * 1000);
    expect((await job(jobId)).error).toBe(`contentId: content ${contentId} was deleted while its media was being processed`);

    expect(ffmpegRunningWith(workPath)).toEqual([]);
    const vod = path.join(t.config.mediaDir, 'vod');
    expect(existsSync(path.join(vod, String(contentId)))).toBe(false);
    expect(readdirSync(vod).filter((name) => name.startsWith(workFolder) || name.startsWith(`${contentId}.old-`))).toEqual([]);
    expect(existsSync(path.join(t.config.mediaDir, 'uploads', `${uploadId}.part`))).toBe(false);
    const rows = await t.database.db.kysely.selectFrom('mediaAssets').select('contentId').where('contentId', '=', contentId).execute();
    expect(rows).toEqual([]);
  });
});
