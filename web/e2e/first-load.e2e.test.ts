/**
 * What a first visit downloads: the entry script of the built app and every module it imports
 * statically (lazy routes are fetched later, only when visited). The validation schemas (zod and the
 * protocol's request schemas) serve forms and API checks, never the first paint, so they must stay out
 * of it: pages import constants from `@onair/protocol/constants`, not the package index (which the
 * package declares free of side effects, so a value taken through it loads its own module only). Then a
 * signed-out visit to /landing in Chromium: everything it loads, lazy chunks included, carries no
 * schemas, no socket client and no toast renderer (the socket opens for signed-in people; toasts load
 * with the first one), and a signed-in visit does open the socket; a returning one loads no schemas
 * either, and the shell's and the home page's shared code as a chunk each. /landing signed out and /
 * signed in paint from the build's snapshots of their screens before the app has run.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, connected, ensureBuilt, gzippedSize, recordRequests, signIn, startApp, WEB_DIST as WEB, type App } from './harness.ts';


/** The entry script and its static imports, transitively (dynamic `import()` is not followed). */
function firstLoadScripts(): string[] {
  const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module entry in index.html');
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(path.join(WEB, url), 'utf8');
    // Minified static imports: `import{a as b}from"./x.js"` and `import"./x.js"`.
    for (const match of code.matchAll(/import(?:[\w\s{},*$]*from)?\s*"(\.\/[^"]+\.js)"/g)) {
      visit(path.posix.join(path.posix.dirname(url), match[1]!));
    }
  };
  visit(entry);
  return [...seen];
}

/** A module's code from the build, by its URL path. */
const code = (script: string) => readFileSync(path.join(WEB, script), 'utf8');

function expectNoSchemas(script: string) {
  expect(code(script), script).not.toContain('ZodError');
  // A request schema's own error text, as the API answers it.
  expect(code(script), script).not.toContain('options needs at least');
}

// Text only these libraries carry: socket.io-client's reason for a server-side close, and the toast
// renderer's swipe-to-dismiss.
const SOCKET_CLIENT = 'io server disconnect';
const TOAST_RENDERER = 'allowDragDismiss';

describe('the first load of the web app', () => {
  let scripts: string[];
  beforeAll(async () => {
    await ensureBuilt();
    scripts = firstLoadScripts();
  }, 240_000);

  it('follows the entry into its shared chunks', () => {
    expect(scripts.length).toBeGreaterThan(1);
  });

  it("is React's production build whatever NODE_ENV the build ran under (CI and the test runner set it to test)", () => {
    const code = scripts.map((url) => readFileSync(path.join(WEB, url), 'utf8')).join('\n');
    // A line only React's development build carries.
    expect(code).not.toContain('Download the React DevTools');
  });

  it('carries no validation schemas: no zod, no request schemas', () => {
    for (const script of scripts) expectNoSchemas(script);
    console.log(`first load: ${scripts.length} scripts, ${(gzippedSize(scripts) / 1024).toFixed(1)} KB gzipped`);
  });
});

describe.skipIf(!chromiumAvailable())('what a visit loads in the browser', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp({ MEDIA_INGEST: 'false' });
  }, 240_000);
  afterAll(() => app?.stop());

  /** The built scripts a page fetched while the visit ran. */
  async function visitScripts(visit: (page: import('playwright-core').Page) => Promise<void>) {
    const { context, page } = await app.newPerson({ tourDoneFor: 'viewer' });
    const scripts = recordRequests(page);
    await visit(page);
    await context.close();
    return scripts.map((request) => new URL(request.url()).pathname);
  }

  it('a signed-out visit to /landing loads no schemas, no socket client and no toast renderer', async () => {
    const loaded = await visitScripts(async (page) => {
      await page.goto('/landing');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    expect(loaded.length).toBeGreaterThan(1);
    for (const script of loaded) {
      expectNoSchemas(script);
      expect(code(script), script).not.toContain(SOCKET_CLIENT);
      expect(code(script), script).not.toContain(TOAST_RENDERER);
    }
    console.log(`/landing signed out: ${loaded.length} scripts, ${(gzippedSize(loaded) / 1024).toFixed(1)} KB gzipped`);
  });

  it("paints /landing from the build's snapshot, which the app replaces with the live page", async () => {
    // Scripts off: the page is all there, styled, with plain links and its figures still loading.
    const still = await app.browser.newContext({ baseURL: app.baseUrl, javaScriptEnabled: false });
    const snapshot = await still.newPage();
    await snapshot.goto('/landing');
    await snapshot.getByRole('heading', { level: 1, name: /Broadcast live to the world/ }).waitFor();
    expect(await snapshot.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth');
    // In the theme's colours: the headline's second half in OnAir red (brand shade 7, #d8070b).
    expect(await snapshot.getByText('and hear it answer back').evaluate((span) => getComputedStyle(span).color)).toBe('rgb(216, 7, 11)');
    expect(await snapshot.locator('.mantine-Skeleton-root').count()).toBe(4);
    await still.close();

    // Scripts on: the app's landing page takes its place, with the figures counted from the data.
    const stats = (await (await fetch(`${app.baseUrl}/api/public/stats`)).json()) as { activeStreams: number };
    const { context, page } = await app.newPerson();
    await page.goto('/landing');
    const row = page.getByRole('region', { name: 'Platform statistics' });
    await row.getByText(String(stats.activeStreams), { exact: true }).first().waitFor();
    expect(await page.locator('#page-snapshot').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await context.close();
  });

  it("paints / signed in from the build's snapshot of the reader's shell and home page, which the app replaces", async () => {
    // Scripts off: the shell as a creator sees it, with their name, and the home page with its figures loading.
    const still = await app.browser.newContext({ baseURL: app.baseUrl, javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
    const response = await still.request.post('/api/login', { data: { username: 'creator', password: 'creator123' }, headers: { origin: app.baseUrl } });
    expect(response.ok()).toBe(true);
    const snapshot = await still.newPage();
    await snapshot.goto('/');
    await snapshot.getByRole('heading', { level: 1, name: "What's on air" }).waitFor();
    const header = snapshot.getByRole('banner');
    expect(await header.getByText('creator', { exact: true }).first().isVisible()).toBe(true);
    const nav = snapshot.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Creator Studio' }).getAttribute('href')).toBe('/creator-studio');
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    // In the theme's colours: the filled button in OnAir red (brand shade 7, #d8070b).
    expect(await snapshot.getByRole('link', { name: 'Start Creating' }).evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(216, 7, 11)');
    expect(await snapshot.locator('.mantine-Skeleton-root').count()).toBeGreaterThanOrEqual(4);
    expect(await snapshot.getByText(/on air now/).count()).toBe(0);
    await still.close();

    // Scripts on: the app's shell and home page take its place, with the live items counted from the data.
    const { context, page } = await app.newPerson({ tourDoneFor: 'creator' });
    await page.request.post('/api/login', { data: { username: 'creator', password: 'creator123' }, headers: { origin: app.baseUrl } });
    await page.goto('/');
    await page.locator('#root').getByText(/^\d+ on air now$/).waitFor();
    expect(await page.locator('#page-snapshot').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await context.close();
  });

  it('has a real favicon where clients look for one without reading the page', async () => {
    const response = await fetch(`${app.baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^image\//);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('signing in loads the socket client and the toast renderer, and connects', async () => {
    const loaded = await visitScripts(async (page) => {
      await signIn(page, 'viewer', 'viewer123');
      await page.getByText('Welcome back!', { exact: true }).waitFor();
      await connected(page);
    });
    expect(loaded.some((script) => code(script).includes(SOCKET_CLIENT))).toBe(true);
    expect(loaded.some((script) => code(script).includes(TOAST_RENDERER))).toBe(true);
  });

  it("a returning signed-in visit to / loads no schemas, and the shell's and the home page's shared code as a chunk each", async () => {
    const loaded = await visitScripts(async (page) => {
      const response = await page.request.post('/api/login', { data: { username: 'viewer', password: 'viewer123' }, headers: { origin: app.baseUrl } });
      expect(response.ok()).toBe(true);
      await page.goto('/');
      await page.locator('#root [data-slot="header-status"]').waitFor();
      await page.waitForLoadState('networkidle');
    });
    for (const script of loaded) expectNoSchemas(script);
    // scripts/vite-screen-chunks.ts: what only the shell, then only home, loads is a file each, not
    // one per module they share with other screens.
    expect(loaded.filter((script) => /\/shell-shared-[\w-]+\.js$/.test(script))).toHaveLength(1);
    expect(loaded.filter((script) => /\/home-shared-[\w-]+\.js$/.test(script))).toHaveLength(1);
    expect(loaded.filter((script) => /\/(Modal|Tooltip|FocusTrap|SegmentedControl)-[\w-]+\.js$/.test(script))).toEqual([]);
    console.log(`/ signed in: ${loaded.length} scripts, ${(gzippedSize(loaded) / 1024).toFixed(1)} KB gzipped`);
  });
});
