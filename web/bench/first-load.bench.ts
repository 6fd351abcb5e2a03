/**
 * What a first visit costs in a browser. Headless Chromium opens /landing signed out and / signed in
 * (a returning visitor), each time with an empty cache, against the built app served by the real API with the demo
 * data, and reports the JavaScript the page downloaded (on the wire, and the same files gzipped, the
 * measure the performance goal is written in), its stylesheets gzipped (against Mantine's whole
 * stylesheet) and its Largest Contentful Paint. The baseline is the
 * same browser's LCP for a bare static page (a heading and a paragraph) from a plain Node server on
 * loopback: the floor no app can go below on this machine. Median of BENCH_RUNS (default 3) visits.
 *
 *   npm run bench:web
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { median } from '../../test-support/stats.ts';
import { chromiumAvailable, gzippedSize, recordRequests, REPO_ROOT, startApp, type App } from '../e2e/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = 1000;

interface Visit {
  lcpMs: number;
  scripts: number;
  wireBytes: number;
  gzipBytes: number;
  cssGzipBytes: number;
}

/** Records every LCP candidate the page reports; the last one before input is the page's LCP. */
function observeLcp(context: BrowserContext) {
  return context.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** Opens the URL in the page and measures it once the network has settled. */
async function visit(page: Page, url: string, measureGzip: boolean): Promise<Visit> {
  const scripts = recordRequests(page);
  const stylesheets = recordRequests(page, 'stylesheet');
  await page.goto(url, { waitUntil: 'load' });
  // Lazy chunks and the first data arrive after `load`; LCP candidates follow them.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? NaN);
  const wire = await Promise.all(scripts.map(async (request) => (await request.sizes()).responseBodySize));
  return {
    lcpMs,
    scripts: scripts.length,
    wireBytes: wire.reduce((sum, bytes) => sum + bytes, 0),
    gzipBytes: measureGzip ? gzippedSize(scripts.map((request) => new URL(request.url()).pathname)) : 0,
    cssGzipBytes: measureGzip ? gzippedSize(stylesheets.map((request) => new URL(request.url()).pathname)) : 0,
  };
}

async function visitAs(app: App, url: string, measureGzip: boolean, signInAs?: { username: string; password: string }) {
  // No service worker: its precache would serve the measured visit.
  const { context, page } = await app.newPerson({ tourDoneFor: 'viewer', serviceWorkers: 'block' });
  try {
    await observeLcp(context);
    if (signInAs) {
      const response = await context.request.post('/api/login', { data: signInAs, headers: { origin: app.baseUrl } });
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
      // A returning visitor: signed in at an earlier visit (the app remembers that), cache emptied since.
      await page.goto(url);
      // The app's own header (in its root), not the build's snapshot of it, which comes with the HTML.
      await page.locator('#root [data-slot="header-status"]').waitFor();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.clearBrowserCache');
      await devtools.detach();
    }
    return await visit(page, url, measureGzip);
  } finally {
    await context.close();
  }
}

/** A bare page: what Chromium needs to paint a heading from loopback, with no app at all. */
async function startStaticBaseline(): Promise<{ url: string; close: () => Promise<void> }> {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>' +
    '<body><h1>Live TV, radio and podcasts</h1><p>One studio for every screen.</p></body></html>';
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!chromiumAvailable()) {
    console.log('first-load bench skipped: no Chromium (set CHROMIUM_PATH)');
    return;
  }
  const app = await startApp({ MEDIA_INGEST: 'false' });
  const baseline = await startStaticBaseline();
  try {
    const rows: [string, Visit[]][] = [
      ['/landing, signed out', []],
      ['/, signed in (returning)', []],
    ];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Interleaved, so a noisy moment on the shared machine touches every page alike.
      floor.push((await visitAs(app, baseline.url, false)).lcpMs);
      rows[0]![1].push(await visitAs(app, '/landing', true));
      rows[1]![1].push(await visitAs(app, '/', true, { username: 'viewer', password: 'viewer123' }));
    }
    const floorMs = median(floor);
    const wholeCss = gzipSync(readFileSync(path.join(REPO_ROOT, 'node_modules/@mantine/core/styles.css'))).length;
    console.log(`first visit, median of ${RUNS} (empty cache, loopback); baseline: a bare static page's LCP ${floorMs.toFixed(0)} ms`);
    console.log('page                     | JS files | JS on the wire | JS gzipped | CSS gzipped (÷ whole Mantine) | LCP      | LCP / baseline');
    for (const [label, visits] of rows) {
      const lcp = median(visits.map((v) => v.lcpMs));
      const css = median(visits.map((v) => v.cssGzipBytes));
      console.log(
        `${label.padEnd(24)} | ${String(median(visits.map((v) => v.scripts))).padStart(8)} | ${kb(median(visits.map((v) => v.wireBytes))).padStart(14)} | ${kb(median(visits.map((v) => v.gzipBytes))).padStart(10)} | ${`${kb(css)} (×${(css / wholeCss).toFixed(2)})`.padStart(29)} | ${`${lcp.toFixed(0)} ms`.padStart(8)} | ${(lcp / floorMs).toFixed(1)}x`,
      );
    }
    console.log(`Mantine's whole stylesheet, which every page loaded before it was split by screen: ${kb(wholeCss)} gzipped`);
  } finally {
    await baseline.close();
    await app.stop();
  }
}

await main();
