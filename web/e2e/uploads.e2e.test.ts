import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, connected, signIn, startApp, toast } from './harness.ts';

const ready = chromiumAvailable();

/** A 2 s, 320x180 test pattern with a tone: small enough to transcode quickly on a busy machine. */
function makeClip(): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'onair-e2e-clip-')), 'harbour-walk.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return file;
}

describe.skipIf(!ready)('uploads in the browser', () => {
  let clip: string;
  beforeAll(() => {
    clip = makeClip();
  });
  const app = appForFile(() => startApp({ MEDIA_INGEST: 'false', RTMP_PORT: '0' }));

  it('uploads a file from the content library, waits out a dropped network, shows the upload and processing progress, and lists the published item', async () => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await signIn(page, 'creator', 'creator123');
    await page.goto('/creator');
    await connected(page);
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload media' });
    await dialog.getByText('Up to 2.0 GB. Large files upload in parts and can resume.').waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(clip);
    // The title starts from the file name; the creator writes a better one.
    expect(await dialog.getByLabel('Title').inputValue()).toBe('harbour-walk');
    await dialog.getByLabel('Title').fill('Harbour walk');
    // Offline, nothing starts: the form says it waits.
    await context.setOffline(true);
    await dialog.getByTestId('upload-offline').getByText('Uploads wait for your connection.', { exact: false }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await dialog.getByTestId('upload-offline').waitFor({ state: 'detached' });

    // The network drops as the file leaves: the upload pauses, says so, and goes on by itself once it is back.
    let dropped = false;
    await page.route('**/api/media/uploads/*', async (route) => {
      if (route.request().method() !== 'PUT' || dropped) return route.continue();
      dropped = true;
      await context.setOffline(true);
      return route.abort('internetdisconnected');
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByTestId('upload-status').getByText(/^Paused at 0 B of .*: you’re offline\. The upload goes on when your connection is back\.$/).waitFor();
    await context.setOffline(false);

    await dialog.getByText(/^Processing: /).waitFor({ timeout: 30_000 });
    await dialog.getByRole('progressbar', { name: 'Processing progress' }).waitFor();
    await toast(page, 'Upload Ready', 180_000);
    await dialog.getByText('Ready: the item is published in your library.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('tab', { name: 'Content' }).click();
    const row = page.getByRole('link', { name: /Harbour walk/ });
    await row.waitFor();
    await row.getByText('published').waitFor();
    await row.getByText(/^TV · /).waitFor();
    await context.close();
  }, 240_000);
});
