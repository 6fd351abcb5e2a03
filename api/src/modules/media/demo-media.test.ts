/**
 * Demo clips, through the real media job (inline driver, ffmpeg, ffprobe): the most-watched TV, radio
 * and podcast items of the demo seed end up playable, once per database.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/support/app.ts';
import { testDialects } from '../../../../test-support/databases.ts';
import { DEMO_CLIP_TYPES, seedDemoMedia, type DemoMediaResult } from './demo-media.ts';

const JOB_TIMEOUT = 240_000;

describe.each(await testDialects())('demo clips (%s)', (dialect) => {
  let t: TestApp;
  let result: DemoMediaResult;

  beforeAll(async () => {
    t = await createTestApp(dialect, { seed: { contentItems: 24, audienceSize: 8, viewEvents: 400, liveItems: 2, chatMessages: 0, polls: 0, questions: 0 } });
    result = await seedDemoMedia(t.app, { clipSeconds: 2 });
    await Promise.all(result.queued.map((clip) => t.app.jobs.waitForResult(clip.jobId, JOB_TIMEOUT)));
  }, JOB_TIMEOUT + 60_000);
  afterAll(() => t.close());

  const db = () => t.database.db.kysely;

  it('gives the most-watched published item of each type a clip that plays', async () => {
    expect(result.queued).toHaveLength(DEMO_CLIP_TYPES.length);
    const items = await db()
      .selectFrom('content')
      .innerJoin('mediaAssets', 'mediaAssets.contentId', 'content.id')
      .select(['content.id', 'content.type', 'content.status', 'content.durationSeconds', 'mediaAssets.status as media', 'mediaAssets.hlsPath', 'mediaAssets.audioPath', 'mediaAssets.width'])
      .orderBy('content.id')
      .execute();
    expect(items.map((item) => item.id).sort()).toEqual(result.queued.map((clip) => clip.contentId).sort());
    expect(items.map((item) => item.type).sort()).toEqual([...DEMO_CLIP_TYPES].sort());
    for (const item of items) {
      expect(item).toMatchObject({ status: 'published', media: 'ready', durationSeconds: 2 });
      expect(existsSync(path.join(t.config.mediaDir, item.hlsPath!))).toBe(true);
      // TV gets the picture; radio and podcasts the audio ladder and an episode file.
      if (item.type === 'tv') expect(item.width).toBe(1280);
      else expect(item).toMatchObject({ width: null, audioPath: expect.stringMatching(/episode\.mp3$/) });
    }

    // The TV picks are the two most-watched published TV items.
    const counts = await db()
      .selectFrom('content')
      .leftJoin('contentViewCounts', 'contentViewCounts.contentId', 'content.id')
      .select(['content.id', 'contentViewCounts.views'])
      .where('content.type', '=', 'tv')
      .where('content.status', '=', 'published')
      .execute();
    const views = (id: number) => Number(counts.find((row) => row.id === id)?.views ?? 0);
    const tvPicks = items.filter((item) => item.type === 'tv').map((item) => views(item.id));
    const others = counts.filter((row) => !items.some((item) => item.id === row.id)).map((row) => Number(row.views ?? 0));
    expect(Math.min(...tvPicks)).toBeGreaterThanOrEqual(Math.max(0, ...others));

    // What a viewer's player asks for: the item's playback names the playlist, served from /media/.
    const viewer = await signIn(t.app, 'viewer', 'viewer123');
    const tv = items.find((item) => item.type === 'tv')!;
    const read = await t.app.inject({ method: 'GET', url: `/api/content/${tv.id}`, headers: { cookie: viewer } });
    expect(read.statusCode, read.body).toBe(200);
    const hls = (read.json() as { playback: { hls: string } | null }).playback?.hls;
    expect(hls).toMatch(/^\/media\/.+master\.m3u8$/);
    const master = await t.app.inject({ method: 'GET', url: hls!, headers: { cookie: viewer } });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
  });

  it('runs once per database', async () => {
    const before = await db().selectFrom('mediaAssets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect((await seedDemoMedia(t.app, { clipSeconds: 2 })).queued).toEqual([]);
    const after = await db().selectFrom('mediaAssets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('after a start that stopped halfway, makes only the clips still missing', async () => {
    // What a process killed after two clips leaves: two items with theirs (their jobs queued again at start), no marker.
    const [first, second, ...rest] = result.queued.map((clip) => clip.contentId);
    await db().deleteFrom('appMeta').where('key', 'like', '%demo%').execute();
    await db().deleteFrom('mediaAssets').where('contentId', 'in', rest).execute();
    await db().deleteFrom('mediaUploads').where('contentId', 'in', rest).execute();
    const again = await seedDemoMedia(t.app, { clipSeconds: 2 });
    expect(again.queued.map((clip) => clip.contentId).sort()).toEqual([...rest].sort());
    await Promise.all(again.queued.map((clip) => t.app.jobs.waitForResult(clip.jobId, JOB_TIMEOUT)));
    const withMedia = await db().selectFrom('mediaAssets').select('contentId').execute();
    expect(withMedia.map((row) => row.contentId).sort()).toEqual([first, second, ...rest].sort());
  }, JOB_TIMEOUT);
});
