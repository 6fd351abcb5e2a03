/**
 * Podcast syndication in the browser: a creator makes a show, uploads its cover, distributes an
 * episode (a real MP3 made with ffmpeg) to Spotify and watches the row move from pending to published
 * as the syndication job reports; Sync All runs again; a listener's download shows in Analytics; an
 * episode without audio fails and is counted apart from the active distributions.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appForFile, preparedApp } from './app-for-file.ts';
import { chromiumAvailable, connected, setSwitch, signIn, toast } from './harness.ts';

const ready = chromiumAvailable();

describe.skipIf(!ready)('podcast syndication in the browser', () => {
  let contentId: number;
  let silentId: number;
  let coverFile: string;

  // A retry gets a fresh app: its first try may have made the show already.
  const app = appForFile(() =>
    preparedApp({}, (db, dataDir) => {
      // An on-demand episode with its audio, as a recording or an upload would leave it.
      const mediaDir = path.join(dataDir, 'media');
      const creator = db.prepare("select id from users where username = 'creator'").get() as { id: number };
      const now = Date.now();
      contentId = Number(
        db
          .prepare(
            "insert into content (creator_id, title, description, type, category, status, duration_seconds, language, created_at) values (?, 'Harbour Lights Hour', 'Songs and stories from the port', 'podcast', 'music', 'published', 3, 'en', ?)",
          )
          .run(creator.id, now).lastInsertRowid,
      );
      const audioPath = `vod/${contentId}/episode.mp3`;
      mkdirSync(path.join(mediaDir, 'vod', String(contentId)), { recursive: true });
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-ar', '44100', '-c:a', 'libmp3lame', path.join(mediaDir, audioPath)]);
      db.prepare(
        "insert into media_assets (content_id, status, audio_path, audio_mime, audio_bytes, audio_sample_rate, duration_ms, updated_at) values (?, 'ready', ?, 'audio/mpeg', ?, 44100, 3000, ?)",
      ).run(contentId, audioPath, statSync(path.join(mediaDir, audioPath)).size, now);
      // An episode without audio: its distribution fails.
      silentId = Number(
        db
          .prepare(
            "insert into content (creator_id, title, description, type, category, status, duration_seconds, language, created_at) values (?, 'Harbour Notes', 'Not recorded yet', 'podcast', 'music', 'published', 3, 'en', ?)",
          )
          .run(creator.id, now).lastInsertRowid,
      );
      coverFile = path.join(dataDir, 'cover.jpg');
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=1400x1400', '-frames:v', '1', coverFile]);
    }),
  );

  it('creates a show, distributes an episode and sees its row move to published', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/podcast-syndication');
    await connected(page);
    await page.getByTestId('active-distributions').getByText('0 active distributions').waitFor();
    for (const tab of ['Distribute Content', 'Platforms', 'Analytics', 'Settings']) await page.getByRole('tab', { name: tab }).waitFor();

    await page.getByRole('tab', { name: 'Platforms' }).click();
    await page.getByText('Cover art: square JPEG or PNG, 1400×1400 to 3000×3000 px').first().waitFor();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Show title').fill('Harbour Lights');
    await page.getByLabel('Show description').fill('Music and stories from the harbour, every week.');
    await page.getByLabel('Author').fill('Casey Creator');
    await page.getByRole('button', { name: 'Create Show' }).click();
    await toast(page, 'Show Created');
    await page.getByTestId('feed-url').getByText(/\/feeds\/harbour-lights\.xml$/).waitFor();
    await page.locator('input[type="file"]').setInputFiles(coverFile);
    await toast(page, 'Cover Updated');
    await page.getByText('cover 1400×1400 px').waitFor();

    await page.getByRole('tab', { name: 'Distribute Content' }).click();
    const picker = page.locator('input:visible').and(page.getByLabel('Audio content'));
    await picker.click();
    await picker.fill('Harbour Lights');
    await page.getByRole('option', { name: 'Harbour Lights Hour' }).click();
    await page.getByTestId('selected-content').getByText('0:03 · podcast').waitFor();
    await setSwitch(page.getByRole('switch', { name: 'Distribute to Spotify' }), true);
    await toast(page, 'Syndication Started');
    const row = page.getByTestId(`distribution-${contentId}-spotify`);
    await row.waitFor();
    await row.locator('[data-status="published"]').waitFor({ timeout: 90_000 });
    await page.getByTestId('active-distributions').getByText('1 active distribution').waitFor();

    await page.getByRole('button', { name: 'Sync All' }).click();
    await toast(page, 'Sync Complete');
    await row.locator('[data-status="published"]').waitFor({ timeout: 90_000 });

    // A listener's app downloads the episode; the Analytics tab counts it under Spotify.
    const download = await fetch(`${app.baseUrl}/feeds/harbour-lights/episodes/${contentId}.mp3`, { headers: { 'user-agent': 'Spotify/8.9.10 Android/34' } });
    await download.arrayBuffer();
    await page.getByRole('tab', { name: 'Analytics' }).click();
    await page.getByTestId('downloads-spotify').getByText('1', { exact: true }).waitFor();

    // An episode without audio fails to distribute, and is counted apart from the active ones.
    await page.getByRole('tab', { name: 'Distribute Content' }).click();
    await picker.click();
    await picker.fill('Harbour Notes');
    await page.getByRole('option', { name: 'Harbour Notes' }).click();
    await setSwitch(page.getByRole('switch', { name: 'Distribute to Spotify' }), true);
    await page.getByTestId(`distribution-${silentId}-spotify`).locator('[data-status="failed"]').waitFor({ timeout: 90_000 });
    await page.getByTestId('active-distributions').getByText('1 active distribution · 1 failed').waitFor();

    // Distribute to All: one request per platform, one toast when they are all in (the earlier ones gone first).
    await expect.poll(() => page.getByText('Syndication Started').count(), { timeout: 20_000 }).toBe(0);
    await picker.click();
    await picker.fill('Harbour Lights');
    await page.getByRole('option', { name: 'Harbour Lights Hour' }).click();
    await page.getByRole('button', { name: 'Distribute to All Platforms' }).click();
    await toast(page, 'Syndication Started');
    for (const platform of ['spotify', 'apple', 'google']) await page.getByTestId(`distribution-${contentId}-${platform}`).waitFor();
    await context.close();
  }, 300_000);
});
