/**
 * Screenshots of the main screens, light and dark, for a person to look at (written to
 * $ONAIR_SCREENS_DIR or the temp folder; never committed). They also prove the screens render, and
 * that every page opens for every role without a script error, a refused frame or a failed request.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from './app-for-file.ts';
import { chromiumAvailable, signIn } from './harness.ts';

const ready = chromiumAvailable();
const OUT = process.env.ONAIR_SCREENS_DIR ?? path.join(os.tmpdir(), 'onair-screens');

/** Every page of the router without a parameter (routes/landing.tsx is /landing), so a new page is swept too. */
const PAGES = readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/routes'))
  .filter((file) => file.endsWith('.tsx') && !file.startsWith('__') && !file.includes('$'))
  .map((file) => (file === 'index.tsx' ? '/' : `/${file.replace(/\.tsx$/, '')}`));

/** What went wrong on a page while it opened: script errors, console errors (a refused frame is one) and failed requests. */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
  page.on('console', (message) => {
    // Chromium logs every 4xx/5xx as "Failed to load resource"; those are listed from the responses below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return problems;
}

/** WCAG contrast ratios of the text of every element matching `selector` against its own (opaque) background. */
function textContrasts(page: Page, selector: string): Promise<{ text: string; ratio: number }[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const opaque = (css: string) => !/^rgba/.test(css) || Number(css.match(/[\d.]+/g)![3]) === 1;
    const luminance = (css: string) => {
      const [r, g, b] = css.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    return elements.flatMap((el) => {
      const style = getComputedStyle(el);
      // A see-through badge (outline, dot) takes the page's background: not measured here.
      if (!opaque(style.backgroundColor)) return [];
      const [text, back] = [luminance(style.color), luminance(style.backgroundColor)];
      return [{ text: el.textContent?.trim() ?? '', ratio: (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05) }];
    });
  });
}

/**
 * A screen reader's outline of the page: it starts at a level-1 heading and never skips a level going
 * down (WCAG 1.3.1), so a card's title is not read as a sub-sub-section of nothing.
 */
async function headingOutlineProblems(page: Page): Promise<string[]> {
  const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) =>
    headings.filter((h) => (h as HTMLElement).offsetParent !== null).map((h) => ({ level: Number(h.tagName[1]), text: h.textContent?.trim().slice(0, 40) ?? '' })),
  );
  const problems: string[] = [];
  if (levels.length > 0 && levels[0]!.level !== 1) problems.push(`the first heading, "${levels[0]!.text}", is h${levels[0]!.level}, not h1`);
  levels.forEach((heading, i) => {
    const before = levels[i - 1];
    if (before && heading.level > before.level + 1) problems.push(`h${before.level} "${before.text}" is followed by h${heading.level} "${heading.text}"`);
  });
  return problems;
}

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
    // The LIVE badges' small white text reads at WCAG AA (4.5:1) on their red: Mantine's red.6 was 3.2:1.
    const live = await textContrasts(page, '.mantine-Badge-root[data-variant="filled"]:has-text("LIVE")');
    expect(live.length).toBeGreaterThan(0);
    for (const badge of live) expect(badge.ratio, badge.text).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });

  it.each(['viewer', 'creator', 'admin'] as const)('opens every page for the %s without a script error, a refused frame, a failed request, a badge under AA contrast or a skipped heading level', async (role) => {
    const { page, context } = await app.newPerson({ tourDoneFor: role });
    await signIn(page, role, `${role}123`);
    const problems = watchProblems(page);
    const seen: string[] = [];
    for (const pagePath of PAGES) {
      const before = problems.length;
      await page.goto(pagePath);
      // Long enough for a lazily loaded screen's first queries, sockets and frames to answer or fail.
      await page.waitForTimeout(1000);
      seen.push(...problems.slice(before).map((problem) => `${pagePath}: ${problem}`));
      // A badge's or a count's small text reads at WCAG AA, 4.5:1, on its own background, in both
      // schemes (the app follows the system's; Mantine switches as the preference changes).
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.locator(`html[data-mantine-color-scheme="${scheme}"]`).waitFor();
        for (const { text, ratio } of await textContrasts(page, '.mantine-Badge-root, .mantine-Indicator-indicator[data-with-label]')) {
          if (ratio < 4.5) seen.push(`${pagePath} (${scheme}): "${text}" at ${ratio.toFixed(2)}:1`);
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      seen.push(...(await headingOutlineProblems(page)).map((problem) => `${pagePath}: ${problem}`));
    }
    expect(PAGES.length).toBeGreaterThan(15);
    expect(seen).toEqual([]);
    await context.close();
  });

  it('says on the TV how many live broadcasts are starting when none has a picture yet', async () => {
    const { page, context } = await app.newPerson();
    const onAir = (await (await page.request.get(`${app.baseUrl}/api/content?live=true`)).json()) as { playback: unknown }[];
    const starting = onAir.filter((item) => item.playback === null).length;
    expect(starting).toBeGreaterThan(1);
    await page.goto('/tv');
    await page.getByTestId('tv-row-0').getByText(`${starting} broadcasts are starting: they show here when the picture arrives.`).waitFor();
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
