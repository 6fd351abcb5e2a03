/**
 * Playback in the browser: ffmpeg makes a short on-demand HLS ladder and an audio-only radio show under
 * the server's MEDIA_DIR (served by the API at /media/), the items' media rows point at them, and
 * headless Chromium on the watch page
 * plays them (time advances, a frame is drawn, the quality menu lists the ladder). The Studio's
 * destinations manager stores a restream destination and shows its key only as its last characters.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appForFile, preparedApp } from './app-for-file.ts';
import { chromiumAvailable, connected, drawnFrame, playsPast, setSwitch, signIn, toast } from './harness.ts';

const ready = chromiumAvailable();
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

function run(args: string[], cwd: string) {
  const result = spawnSync(ffmpeg, ['-loglevel', 'error', '-y', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr || result.error?.message}`);
}

/** Six seconds of test picture and tone as a two-rung HLS ladder (360p, 240p) with a master playlist. */
function makeVideoLadder(dir: string) {
  mkdirSync(dir, { recursive: true });
  run(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-filter_complex', '[0:v]split=2[a][b];[b]scale=426:240[small]', '-map', '[a]', '-map', '1:a', '-map', '[small]', '-map', '1:a', '-t', '6'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-b:v:0', '800k', '-b:v:1', '300k', '-c:a', 'aac'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-var_stream_map', 'v:0,a:0 v:1,a:1', '-master_pl_name', 'master.m3u8'],
      ...['-hls_segment_filename', 'v%v/seg%d.ts', 'v%v/index.m3u8'],
    ],
    dir,
  );
}

/** Six seconds of tone as audio-only HLS (AAC), the way radio is packaged. */
function makeRadioShow(dir: string) {
  mkdirSync(path.join(dir, 'audio'), { recursive: true });
  run(['-f', 'lavfi', '-i', 'sine=frequency=330', '-t', '6', '-c:a', 'aac', '-b:a', '96k', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename', 'audio/seg%d.ts', 'audio/index.m3u8'], dir);
  writeFileSync(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=110000,CODECS="mp4a.40.2"\naudio/index.m3u8\n');
}

describe.skipIf(!ready)('media playback in the browser', () => {
  let db: Database.Database;
  let videoId: number;
  let radioId: number;
  let processingId: number;

  const app = appForFile(() =>
    preparedApp({ MEDIA_INGEST: 'false' }, (appDb, dataDir) => {
      db = appDb;
      const mediaDir = path.join(dataDir, 'media');
      const pick = (type: string) =>
        (db.prepare("select id from content where type = ? and status = 'published' order by id limit 1").get(type) as { id: number }).id;
      videoId = pick('tv');
      radioId = pick('radio');
      makeVideoLadder(path.join(mediaDir, 'vod', String(videoId)));
      makeRadioShow(path.join(mediaDir, 'vod', String(radioId)));
      const insert = db.prepare(
        "insert into media_assets (content_id, status, hls_path, duration_ms, width, height, updated_at) values (?, 'ready', ?, 6000, ?, ?, ?)",
      );
      insert.run(videoId, `vod/${videoId}/master.m3u8`, 640, 360, Date.now());
      insert.run(radioId, `vod/${radioId}/master.m3u8`, null, null, Date.now());
      // One of the creator's items whose upload is still being processed.
      processingId = (
        db.prepare("select c.id from content c join users u on u.id = c.creator_id where u.username = 'creator' and c.status = 'published' and c.id not in (select content_id from media_assets) order by c.id limit 1").get() as { id: number }
      ).id;
      db.prepare("insert into media_assets (content_id, status, updated_at) values (?, 'processing', ?)").run(processingId, Date.now());
    }),
  );

  it('plays an on-demand HLS ladder with hls.js, draws frames and offers each rung in the quality menu', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/');
    await signIn(page, 'viewer', 'viewer123');
    await page.goto('/');
    await page.getByRole('heading', { name: 'Live Broadcasting' }).waitFor();
    // Pages without a player (the landing page, sign-in, Home) do not download the HLS library.
    expect(requests.filter((u) => /\/assets\/hls[^/]*\.js/.test(u))).toEqual([]);

    await page.goto(`/watch/${videoId}`);
    const video = page.getByTestId('player-video');
    await video.waitFor();
    expect(await page.getByText('Video playback arrives with the media pipeline').count()).toBe(0);
    await playsPast(page, '[data-testid="player-video"]', 1.5);
    expect(requests.some((u) => /\/assets\/hls[^/]*\.js/.test(u))).toBe(true);

    // A real picture: the test pattern drawn to a canvas has many distinct colours, not one flat fill.
    const colours = await drawnFrame(page, '[data-testid="player-video"]');
    expect(colours.distinct).toBeGreaterThan(20);
    expect([360, 240]).toContain(colours.height);

    // The quality menu lists Auto and both rungs, and works from the keyboard.
    const quality = page.getByRole('button', { name: /^Quality: Auto/ });
    await quality.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Auto' }).waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Auto', '360p', '240p']);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await quality.focus();
    await page.keyboard.press('Enter');
    await menu.getByRole('menuitem', { name: '240p' }).waitFor();
    // Focus enters the menu once it has opened (Mantine's focus trap); a key pressed before that goes to
    // the button and is lost, as a person pressing at once would find.
    await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') != null);
    for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.textContent)) !== '240p'; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Quality: 240p' }).waitFor();
    // The six-second clip may have ended on a slow machine: play it again and see the 240p rung arrive.
    await page.evaluate(() => {
      const media = document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!;
      media.currentTime = 0;
      void media.play();
    });
    await page.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="player-video"]')!.videoHeight === 240, null, { timeout: 30_000 });
    await context.close();
  });

  it('plays a radio show as audio beside its art', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'listener', 'listener123');
    await page.goto(`/watch/${radioId}`);
    const title = (db.prepare('select title from content where id = ?').get(radioId) as { title: string }).title;
    await page.getByTestId('audio-player').waitFor();
    await page.getByRole('img', { name: `${title} cover art` }).waitFor();
    expect(await page.getByTestId('player-video').count()).toBe(0);
    // Browsers may refuse sound until the listener interacts; then the Play button starts it.
    const play = page.getByTestId('audio-player').getByRole('button', { name: 'Play' });
    await Promise.race([play.waitFor({ timeout: 15_000 }).then(() => play.click()), playsPast(page, '[data-testid="player-audio"]', 0.5)]).catch(() => undefined);
    await playsPast(page, '[data-testid="player-audio"]', 1.5);
    await context.close();
  });

  it('says what is missing instead of pretending: an item without media, and a live item whose encoder has not started', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    const bare = (db.prepare("select id from content where status = 'published' and id not in (select content_id from media_assets) order by id limit 1").get() as { id: number }).id;
    await page.goto(`/watch/${bare}`);
    await page.getByTestId('player-empty').getByText('Nothing to play yet').waitFor();
    const live = (db.prepare("select id from content where status = 'live' order by id limit 1").get() as { id: number }).id;
    await page.goto(`/watch/${live}`);
    await page.getByTestId('player-starting').getByText("Starting… waiting for the broadcaster's video").waitFor();
    await context.close();
  });

  it("shows the creator their upload's processing, and a viewer nothing to play without asking what is only the creator's", async () => {
    const viewer = await app.newPerson({ tourDoneFor: 'viewer' });
    const statusAsks: string[] = [];
    viewer.page.on('request', (request) => void (request.url().includes('/api/media/status/') && statusAsks.push(request.url())));
    await signIn(viewer.page, 'viewer', 'viewer123');
    await viewer.page.goto(`/watch/${processingId}`);
    await viewer.page.getByTestId('player-empty').getByText('Nothing to play yet').waitFor();
    // The processing state (and a failure's reason) is the creator's and admins' to read: no 403 asked for.
    expect(statusAsks).toEqual([]);
    await viewer.context.close();

    const creator = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(creator.page, 'creator', 'creator123');
    await creator.page.goto(`/watch/${processingId}`);
    await creator.page.getByTestId('player-processing').getByText('The video is being prepared for playback. It will start here when it is ready.').waitFor();
    await creator.context.close();
  });

  it('keeps a bitrate out of range as typed, says so and saves only one in range', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/creator-studio');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const bitrate = page.getByLabel('Bitrate (kbps)');
    const save = page.getByRole('button', { name: 'Save Configuration' });
    await bitrate.fill('99999');
    await page.getByText('Between 500 and 8000 kbps').waitFor();
    expect(await bitrate.inputValue()).toBe('99999');
    expect(await save.isDisabled()).toBe(true);
    await bitrate.fill('');
    expect(await save.isDisabled()).toBe(true);
    await bitrate.fill('3200');
    await save.click();
    await toast(page, 'Configuration Saved');
    await page.reload();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Bitrate (kbps)').and(page.locator('[value="3200"]')).waitFor();
    await context.close();
  });

  it('stores a restream destination added in the Studio and shows its key only masked', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/creator-studio');
    await connected(page);
    await page.getByRole('tab', { name: 'Stream' }).click();
    const manager = page.getByTestId('destinations-manager');
    await manager.getByText('No destinations yet.').waitFor();
    await manager.getByLabel('Platform').click();
    await page.getByRole('option', { name: 'YouTube' }).click();
    await manager.getByLabel('Name').fill('Kofi on YouTube');
    await manager.getByLabel('Server URL').fill('rtmp://a.rtmp.youtube.com/live2');
    await manager.getByLabel('Stream key').fill('zx9q-7h2k-bb31-k4m8');
    await manager.getByRole('button', { name: 'Add destination' }).click();
    await toast(page, 'Destination Added');
    const row = manager.getByTestId('destination-row').filter({ hasText: 'Kofi on YouTube' });
    await row.getByText('••••k4m8').waitFor();
    expect(await page.getByText('zx9q-7h2k').count()).toBe(0);
    expect(await page.locator('input[value*="zx9q"]').count()).toBe(0);

    // Stored, still masked after a reload, and the toggle and delete act on the server.
    await page.reload();
    await page.getByRole('tab', { name: 'Stream' }).click();
    await row.getByText('••••k4m8').waitFor();
    await setSwitch(row.getByRole('switch', { name: 'Send to Kofi on YouTube' }), false);
    await page.waitForFunction(async () => {
      const targets = (await fetch('/api/creator/streaming/destinations').then((r) => r.json())) as { enabled: boolean }[];
      return targets.length === 1 && targets[0]!.enabled === false;
    });
    await row.getByRole('button', { name: 'Delete Kofi on YouTube' }).click();
    await manager.getByText('No destinations yet.').waitFor();
    await context.close();
  });
});
