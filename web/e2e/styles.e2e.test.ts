/**
 * Mantine's stylesheet is split at build, the shared part first and each screen's with its chunk
 * (scripts/vite-mantine-css.ts). On every screen a person opens, each Mantine class an element carries
 * that Mantine's whole stylesheet styles has its rules loaded: the split loses no style. A first
 * visit to /landing loads well under the whole stylesheet.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, recordRequests, REPO_ROOT, signIn, WEB_DIST } from './harness.ts';

const ready = chromiumAvailable();
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;
const wholeStylesheet = readFileSync(path.join(REPO_ROOT, 'node_modules/@mantine/core/styles.css'), 'utf8');
/** The classes Mantine's whole stylesheet has rules for. */
const styled = new Set(wholeStylesheet.match(MANTINE_CLASS));

/** The Mantine classes on the page's elements whose rules no loaded stylesheet has. */
async function unstyledClasses(page: Page): Promise<string[]> {
  const { onPage, loaded } = await page.evaluate(() => {
    const onPage = new Set<string>();
    for (const element of document.querySelectorAll('[class*="m_"]')) {
      for (const name of element.classList) if (/^m_[0-9a-f]{6,8}$/.test(name)) onPage.add(name);
    }
    let loaded = '';
    for (const sheet of document.styleSheets) for (const rule of sheet.cssRules) loaded += rule.cssText;
    return { onPage: [...onPage], loaded };
  });
  return onPage.filter((name) => styled.has(name) && !loaded.includes(`.${name}`));
}

/** Opens a screen and waits for its chunk (and so its styles) and its first data. */
async function open(page: Page, url: string) {
  await page.goto(url);
  // Lazy chunks and their stylesheets arrive before the screen renders; its data right after.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

describe.skipIf(!ready)('Mantine styles split by screen', () => {
  const app = appForFile();

  it('loads the styles of every Mantine component on the signed-out screens, and less than the whole stylesheet', async () => {
    const { page, context } = await app.newPerson();
    const stylesheets = recordRequests(page, 'stylesheet');
    await open(page, '/landing');
    await page.getByText('Countries Reached').waitFor();
    expect(await unstyledClasses(page)).toEqual([]);
    const landingBytes = stylesheets.reduce((sum, request) => sum + readFileSync(path.join(WEB_DIST, new URL(request.url()).pathname)).length, 0);
    expect(landingBytes).toBeGreaterThan(0);
    expect(landingBytes).toBeLessThan(wholeStylesheet.length / 2);

    await open(page, '/auth');
    await page.getByLabel('Username').waitFor();
    expect(await unstyledClasses(page)).toEqual([]);
    await context.close();
  });

  it('loads them on every screen an admin can open, menus and dialogs included', async () => {
    // No tour done: the first-visit tour's dialog opens on sign-in.
    const { page, context } = await app.newPerson();
    await signIn(page, 'admin', 'admin123');
    await page.getByTestId('onboarding-dialog').getByText('Step 1 of 8').waitFor();
    const tour = await unstyledClasses(page);
    await page.keyboard.press('Escape');
    const [live] = (await (await page.request.get('/api/content?live=true')).json()) as { id: number }[];
    const screens = [
      '/',
      '/admin',
      '/creator-studio',
      '/creator',
      '/analytics',
      '/interactions',
      '/monetization',
      '/languages',
      '/podcast-syndication',
      '/education-mode',
      '/church-mode',
      '/ai',
      '/mobile',
      '/smart-tv',
      '/tv',
      '/voice-assistant',
      '/satellite',
      ...(live ? [`/watch/${live.id}`] : []),
    ];
    const missing: Record<string, string[]> = tour.length > 0 ? { 'first-visit tour': tour } : {};
    for (const screen of screens) {
      await open(page, screen);
      const unstyled = await unstyledClasses(page);
      if (unstyled.length > 0) missing[screen] = unstyled;
    }
    // Menus, dialogs, selects and popovers render into portals only when opened.
    const check = async (state: string) => {
      await page.waitForTimeout(400);
      const unstyled = await unstyledClasses(page);
      if (unstyled.length > 0) missing[state] = unstyled;
    };
    await open(page, '/admin');
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByLabel('Search').fill('viewer@onair');
    await page.getByRole('button', { name: 'Actions for viewer' }).click();
    await check('/admin, user menu open');
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    await page.getByRole('dialog').getByLabel('Role').click();
    await check('/admin, role dialog and its select open');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await check('notifications popover open');
    expect(missing).toEqual({});
    await context.close();
  });
});
