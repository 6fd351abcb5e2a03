/**
 * Reach in the browser: the installable app (manifest and an active service worker), an offline
 * download with a real progress bar that plays with the network cut and leaves the device when its
 * item is taken down, and the TV screen driven with
 * the remote's keys only, paired from a phone by its code, and shown in the Smart TV page's frame.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appForFile, preparedApp } from './app-for-file.ts';
import { chromiumAvailable, playsPast, signIn, toast } from './harness.ts';

const ready = chromiumAvailable();

describe.skipIf(!ready)('reach in the browser', () => {
  let liveId: number;
  let vodId: number;
  let vodTitle: string;
  let db: Database.Database;
  let mediaDir: string;

  // Give a live item its live ladder and an on-demand item a real download-sized file.
  const app = appForFile(() =>
    preparedApp({ MEDIA_INGEST: 'false' }, (database, dataDir) => {
      db = database;
      mediaDir = path.join(dataDir, 'media');
      liveId = (db.prepare("select id from content where status = 'live' order by id limit 1").get() as { id: number }).id;
      const vod = db.prepare("select id, title from content where status = 'published' and type = 'tv' order by id limit 1").get() as { id: number; title: string };
      vodId = vod.id;
      vodTitle = vod.title;
      mkdirSync(path.join(mediaDir, 'vod', String(vodId)), { recursive: true });
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=8', '-c:v', 'libx264', '-b:v', '16M', '-minrate', '16M', '-maxrate', '16M', '-bufsize', '8M', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path.join(mediaDir, 'vod', String(vodId), 'download.mp4')]);
      const insert = db.prepare(
        'insert into media_assets (content_id, status, hls_path, file_path, audio_path, updated_at) values (?, ?, ?, ?, ?, ?)',
      );
      insert.run(liveId, 'live', `live/${liveId}/master.m3u8`, null, null, Date.now());
      insert.run(vodId, 'ready', null, `vod/${vodId}/download.mp4`, null, Date.now());
    }),
  );

  it('finds a valid manifest and an active service worker, downloads with progress and plays with the network cut', async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');

    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const manifest = await page.evaluate(async (href) => (await fetch(href!)).json(), manifestHref);
    expect(manifest).toMatchObject({ name: 'OnAir', start_url: '/', display: 'standalone' });
    expect(manifest.icons).toEqual(expect.arrayContaining([expect.objectContaining({ sizes: '192x192' }), expect.objectContaining({ sizes: '512x512' })]));
    // Ready means installed; it is active once it finishes activating and controls the page.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated' && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

    // The worker answers /landing with the page that has the landing page in it, other paths with the shell.
    for (const [url, snapshot] of [['/landing', true], ['/ai', false]] as const) {
      const other = await context.newPage();
      const response = await other.goto(url);
      expect(response?.fromServiceWorker(), url).toBe(true);
      expect((await response!.text()).includes('id="page-snapshot"'), url).toBe(snapshot);
      await other.close();
    }

    // Loaded once under the service worker, so the session is remembered for an offline start.
    await page.goto('/mobile?tab=offline');
    await page.getByTestId('storage-figures').waitFor();
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        document.querySelectorAll('[data-testid^="download-progress"] [role="progressbar"]').forEach((bar) => seen.push(Number(bar.getAttribute('aria-valuenow'))));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: `Download ${vodTitle}` }).click();
    await toast(page, 'Download Started');
    await page.getByTestId(`offline-item-${vodId}`).waitFor({ timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    // The bar was shown and reached 100. Values in between depend on the link: over loopback the whole
    // file can arrive before React paints, so they are not asserted (they were seen on a loaded machine).
    expect(seen.length).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBe(100);
    const stored = await page.evaluate(async () => (await fetch('/api/user/offline-content')).json());
    expect(stored).toEqual([expect.objectContaining({ id: vodId, downloadProgress: 100 })]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Offline' }).click();
    const item = page.getByTestId(`offline-item-${vodId}`);
    await item.waitFor({ timeout: 20_000 });
    await item.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => {
      const media = document.querySelector<HTMLVideoElement>('[data-testid="offline-player"]');
      return media !== null && media.currentTime > 0.5;
    }, undefined, { timeout: 20_000 });
    await context.setOffline(false);

    await item.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No offline content available').waitFor();
    await context.close();
  });

  it('starts a live item on the TV with arrow keys and Enter only, and pairs the TV from a phone', async () => {
    const tv = await app.newPerson({ viewport: { width: 1920, height: 1080 } });
    await tv.page.goto('/tv');
    await tv.page.getByTestId(`tv-tile-${liveId}`).waitFor({ timeout: 20_000 });
    await tv.page.getByTestId(`tv-tile-${vodId}`).waitFor();
    // The D-pad: down to on demand, right, back up to the live row, then OK.
    await tv.page.keyboard.press('ArrowDown');
    await tv.page.getByTestId(`tv-row-1`).locator('[data-focused]').waitFor();
    await tv.page.keyboard.press('ArrowRight');
    await tv.page.keyboard.press('ArrowUp');
    await tv.page.getByTestId(`tv-tile-${liveId}`).and(tv.page.locator('[data-focused]')).waitFor();
    await tv.page.keyboard.press('Enter');
    const player = tv.page.getByTestId('tv-player');
    await player.waitFor();
    expect(await player.getAttribute('data-content-id')).toBe(String(liveId));
    expect(await player.getAttribute('data-kind')).toBe('hls');
    expect(await player.getAttribute('data-source')).toBe(`/media/live/${liveId}/master.m3u8`);
    // The TV is one of the item's viewers: signed out (no socket), its watch time is reported as the
    // TV's when it leaves the player.
    const opened = Date.now();
    await tv.page.waitForTimeout(6_500);
    await tv.page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
    const tvViews = () =>
      db.prepare('select device, watch_seconds as seconds, viewer_key as viewer from view_events where content_id = ? and created_at >= ?').all(liveId, opened - 2_000) as { device: string; seconds: number; viewer: string }[];
    await expect.poll(tvViews, { timeout: 10_000 }).toHaveLength(1);
    expect(tvViews()[0]!.device).toBe('tv');
    expect(tvViews()[0]!.seconds).toBeGreaterThanOrEqual(5);
    // As this device's viewer (its own key), not as everyone behind the same address.
    expect(tvViews()[0]!.viewer).toMatch(/^d:[A-Za-z0-9_-]{8,64}$/);

    const pairing = await tv.page.getByTestId('tv-pairing').textContent();
    const code = /enter ([A-Z0-9]{6})/.exec(pairing ?? '')?.[1];
    expect(code).toBeTruthy();
    const phone = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(phone.page, 'viewer', 'viewer123');
    await phone.page.goto('/mobile?tab=smarttv');
    await phone.page.getByText('No Smart TVs connected').waitFor();
    await phone.page.getByLabel('Code shown on the TV').fill(code!);
    await phone.page.getByRole('button', { name: 'Pair TV' }).click();
    await toast(phone.page, 'Device Registered');
    await phone.page.getByText('Connected', { exact: true }).waitFor();
    await tv.page.reload();
    await tv.page.getByText('Connected to viewer').waitFor({ timeout: 20_000 });
    await phone.page.getByRole('button', { name: 'Remove' }).click();
    await phone.page.getByText('No Smart TVs connected').waitFor();
    await tv.context.close();
    await phone.context.close();
  });

  it("shows the TV screen in the Smart TV page's frame, driven by the on-screen remote, also when the service worker answers", async () => {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(page, 'viewer', 'viewer123');
    await page.goto('/smart-tv');
    const screen = page.frameLocator('iframe[title="OnAir TV screen (androidtv)"]');
    await screen.getByTestId(`tv-tile-${liveId}`).waitFor({ timeout: 20_000 });
    // The remote's buttons post the TV's keys into the frame: the same path as the D-pad test above.
    for (const key of ['Down', 'Right', 'Up']) await page.getByRole('button', { name: key, exact: true }).click();
    await screen.getByTestId(`tv-tile-${liveId}`).and(screen.locator('[data-focused]')).waitFor();
    await page.getByRole('button', { name: 'OK', exact: true }).click();
    expect(await screen.getByTestId('tv-player').getAttribute('data-content-id')).toBe(String(liveId));
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await screen.getByTestId('tv-player').waitFor({ state: 'detached' });

    // The service worker answers the frame's navigation with its cached index.html: the frame still opens.
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated' && navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await page.reload();
    await screen.getByTestId(`tv-tile-${liveId}`).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('deletes a download from the device when its item is taken down or made subscribers-only: at once while open, at the next start otherwise', async () => {
    // Three more on-demand items, each given a small file, downloaded by the viewer.
    const items = db.prepare("select id, title from content where status = 'published' and type = 'tv' and id != ? order by id limit 3").all(vodId) as { id: number; title: string }[];
    const viewer = await app.newPerson({ tourDoneFor: 'viewer' });
    await signIn(viewer.page, 'viewer', 'viewer123');
    const [takenDown, removedWhileAway, madePremium] = items;
    for (const { id } of items) {
      mkdirSync(path.join(mediaDir, 'vod', String(id)), { recursive: true });
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path.join(mediaDir, 'vod', String(id), 'download.mp4')]);
      db.prepare("insert into media_assets (content_id, status, file_path, updated_at) values (?, 'ready', ?, ?)").run(id, `vod/${id}/download.mp4`, Date.now());
    }
    // Written behind the server's back: its catalogue cache sees them within its lifetime.
    const downloadable = async () => ((await viewer.page.evaluate(async () => (await fetch('/api/content?downloadable=true')).json())) as { id: number }[]).filter((c) => items.some((i) => i.id === c.id)).length;
    await expect.poll(downloadable).toBe(3);
    // The viewer pays for no membership, so a subscribers-only item is not theirs to keep.
    db.prepare("update memberships set status = 'ended' where user_id = (select id from users where username = 'viewer')").run();
    await viewer.page.goto('/mobile?tab=offline');
    for (const { id, title } of items) {
      await viewer.page.getByRole('button', { name: `Download ${title}` }).click();
      await viewer.page.getByTestId(`offline-item-${id}`).waitFor({ timeout: 30_000 });
    }
    const cached = (page: typeof viewer.page, id: number) => page.evaluate(async (url) => (await (await caches.open('onair-downloads')).match(url)) !== undefined, `/api/content/${id}/file`);
    expect(await cached(viewer.page, takenDown!.id)).toBe(true);

    const admin = await app.newPerson({ tourDoneFor: 'admin' });
    await signIn(admin.page, 'admin', 'admin123');
    const asAdmin = (method: string, url: string, body: unknown) =>
      admin.page.evaluate(async ([m, u, b]) => (await fetch(u as string, { method: m as string, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) })).status, [method, url, body]);

    // Taken down while the viewer's app is open: gone from the list and from the browser's storage.
    expect(await asAdmin('DELETE', `/api/content/${takenDown!.id}`, { reason: 'Copyright claim' })).toBe(204);
    await toast(viewer.page, `“${takenDown!.title}” was removed from OnAir, so its download was deleted from this device.`);
    await viewer.page.getByTestId(`offline-item-${takenDown!.id}`).waitFor({ state: 'detached' });
    expect(await cached(viewer.page, takenDown!.id)).toBe(false);
    await viewer.page.getByTestId(`offline-item-${removedWhileAway!.id}`).waitFor();

    // While the app is closed, one item goes and another becomes subscribers-only: the next start
    // finds both and deletes them.
    await viewer.page.close();
    expect(await asAdmin('DELETE', `/api/content/${removedWhileAway!.id}`, { reason: 'Withdrawn' })).toBe(204);
    expect(await asAdmin('PUT', `/api/content/${madePremium!.id}/access`, { subscribersOnly: true })).toBe(200);
    const page = await viewer.context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(user\/offline-content\/check|content\/\d+\/access)$/.test(request.url())) asked.push(`${request.method()} ${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    });
    await page.goto('/mobile?tab=offline');
    // Told in one toast (toasts show one at a time), newest download first.
    await toast(page, `2 downloads were deleted from this device: “${madePremium!.title}” is now for subscribers only; “${removedWhileAway!.title}” was removed from OnAir.`);
    await page.getByTestId(`offline-item-${madePremium!.id}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(/^offline-item-/).count()).toBe(0);
    // One request asked about both stored items.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^POST \/api\/user\/offline-content\/check /);
    expect(JSON.parse(asked[0]!.split(' ').slice(2).join(' ')).contentIds.sort()).toEqual([madePremium!.id, removedWhileAway!.id].sort());
    // Nor listed as kept on another device: the account's records of both went too.
    await expect.poll(() => page.evaluate(async () => (await fetch('/api/user/offline-content')).json())).toEqual([]);
    await page.getByText('Downloaded on your other devices').waitFor({ state: 'detached' });
    expect(await cached(page, removedWhileAway!.id)).toBe(false);
    expect(await cached(page, madePremium!.id)).toBe(false);
    await viewer.context.close();
    await admin.context.close();
  });

  // Last in the file: it puts two more broadcasts in the live row, which the remote paths above count on.
  it('says on the TV when the live broadcast it plays ends, and offers the recording or the grid by remote', async () => {
    const [endingId, stoppedId] = (db.prepare("select id from content where status = 'live' and id != ? order by id limit 2").all(liveId) as { id: number }[]).map((r) => r.id);
    // One broadcast whose stream runs out (a 2 s playlist the packager has closed), one that goes off air
    // while its playlist is not there: the two ways a TV learns that a broadcast is over.
    const endingDir = path.join(mediaDir, 'live', String(endingId));
    mkdirSync(endingDir, { recursive: true });
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25:duration=2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-g', '25', '-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', path.join(endingDir, 'master.m3u8')]);
    const insert = db.prepare("insert into media_assets (content_id, status, hls_path, updated_at) values (?, 'live', ?, ?)");
    insert.run(endingId, `live/${endingId}/master.m3u8`, Date.now());
    insert.run(stoppedId, `live/${stoppedId}/master.m3u8`, Date.now());

    const tv = await app.newPerson({ viewport: { width: 1920, height: 1080 } });
    const { page } = tv;
    await page.goto('/tv');
    await page.getByTestId(`tv-tile-${stoppedId}`).waitFor({ timeout: 20_000 });
    const openLive = async (id: number) => {
      const tiles = await page.getByTestId('tv-row-0').locator('[data-testid^="tv-tile-"]').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.testid));
      // From the first live tile, as many steps right as the tile is far.
      for (let i = 0; i < 8; i += 1) await page.keyboard.press('ArrowLeft');
      for (let i = 0; i < tiles.indexOf(`tv-tile-${id}`); i += 1) await page.keyboard.press('ArrowRight');
      await page.getByTestId(`tv-tile-${id}`).and(page.locator('[data-focused]')).waitFor();
      await page.keyboard.press('Enter');
      await page.getByTestId('tv-player').and(page.locator(`[data-content-id="${id}"]`)).waitFor();
    };
    const player = page.getByTestId('tv-player');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? null);

    // The stream runs out while the item is still on air: said at once, the LIVE badge gone, and with
    // no recording yet the way back to the grid has the focus.
    await openLive(endingId!);
    await player.getByText('This broadcast has ended').waitFor({ timeout: 20_000 });
    expect(await player.getByText('LIVE', { exact: true }).count()).toBe(0);
    expect(await player.getByRole('button').allTextContents()).toEqual(['Back to the grid']);
    await expect.poll(focused).toBe('Back to the grid');
    await page.keyboard.press('Enter');
    await player.waitFor({ state: 'detached' });

    // The other goes off air: its recording is processed, then ready. The TV (no socket: it polls) says the
    // broadcast ended, then offers the recording, and the focus moves to it.
    await openLive(stoppedId!);
    expect(await player.getByText('This broadcast has ended').count()).toBe(0);
    db.prepare("update content set status = 'published', live_since = null where id = ?").run(stoppedId);
    db.prepare("update media_assets set status = 'processing' where content_id = ?").run(stoppedId);
    await player.getByText('The recording will be here when it is ready.').waitFor({ timeout: 20_000 });
    await expect.poll(focused).toBe('Back to the grid');
    db.prepare("update media_assets set status = 'ready', hls_path = null, file_path = ? where content_id = ?").run(`vod/${vodId}/download.mp4`, stoppedId);
    await player.getByRole('button', { name: 'Watch the recording' }).waitFor({ timeout: 20_000 });
    await expect.poll(focused).toBe('Watch the recording');
    await page.keyboard.press('Enter');
    await player.and(page.locator('[data-kind="file"]')).waitFor();
    await playsPast(page, '[data-testid="tv-player"] video', 0.5);
    expect(await player.getByText('This broadcast has ended').count()).toBe(0);
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'detached' });
    await tv.context.close();
  });
});
