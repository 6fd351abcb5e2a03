/**
 * Screenshots of the main screens, light and dark, for a person to look at (written to
 * $ONAIR_SCREENS_DIR or the temp folder; never committed). They also prove the screens render.
 */
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, signIn } from './harness.ts';

const ready = chromiumAvailable();
const OUT = process.env.ONAIR_SCREENS_DIR ?? path.join(os.tmpdir(), 'onair-screens');

describe.skipIf(!ready)('screens', () => {
  beforeAll(() => {
    mkdirSync(OUT, { recursive: true });
  });
  const app = appForFile();

  it.each(['light', 'dark'] as const)('captures landing, sign-in and home (%s)', async (scheme) => {
    const { page, context } = await app.newPerson({ tourDoneFor: 'creator' });
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/landing');
    await page.getByText('Countries Reached').waitFor();
    await page.locator('[aria-label="Platform statistics"] .mantine-Skeleton-root').first().waitFor({ state: 'detached' }).catch(() => undefined);
    await page.screenshot({ path: path.join(OUT, `landing-${scheme}.png`), fullPage: true });
    await page.goto('/auth');
    await page.getByRole('button', { name: /Use the creator account/ }).waitFor();
    await page.screenshot({ path: path.join(OUT, `signin-${scheme}.png`) });
    await signIn(page, 'creator', 'creator123');
    await page.getByRole('heading', { name: 'Live Broadcasting' }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, `home-${scheme}.png`), fullPage: true });
    await context.close();
  });

  it('captures the small-screen menu and the tour', async () => {
    const { page, context } = await app.newPerson({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'viewer', 'viewer123');
    await page.getByTestId('onboarding-dialog').getByText('Step 1 of 8').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, 'tour-mobile.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Languages' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(OUT, 'menu-mobile.png') });
    await context.close();
  });
});
