/**
 * What a first visit costs in a browser. Headless Chromium opens /landing signed out and / signed in
 * (a returning visitor), each time with an empty cache, against the built app served by the real API with the demo
 * data, and reports the JavaScript the page downloaded (on the wire, and the same files gzipped, the
 * measure the performance goal is written in) and its Largest Contentful Paint. The baseline is the
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
import { chromiumAvailable, startApp, type App } from '../e2e/harness.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = 1000;

interface Visit {
  lcpMs: number;
  scripts: number;
  wireBytes: number;
  gzipBytes: number;
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
async function visit(page: Page, url: string, webDist: string | null): Promise<Visit> {
  const scripts: Promise<{ wire: number; gzip: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      request.sizes().then((sizes) => {
        const file = webDist ? path.join(webDist, new URL(request.url()).pathname) : null;
        return { wire: sizes.responseBodySize, gzip: file ? gzipSync(readFileSync(file)).length : 0 };
      }),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  // Lazy chunks and the first data arrive after `load`; LCP candidates follow them.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp?: number }).__lcp ?? NaN);
  const sizes = await Promise.all(scripts);
  return {
    lcpMs,
    scripts: sizes.length,
    wireBytes: sizes.reduce((sum, s) => sum + s.wire, 0),
    gzipBytes: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

async function visitAs(app: App, url: string, webDist: string | null, signInAs?: { username: string; password: string }) {
  // No service worker: its precache would serve the measured visit.
  const { context, page } = await app.newPerson({ tourDoneFor: 'viewer', serviceWorkers: 'block' });
  try {
    await observeLcp(context);
    if (signInAs) {
      const response = await context.request.post('/api/login', { data: signInAs, headers: { origin: app.baseUrl } });
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
      // A returning visitor: signed in at an earlier visit (the app remembers that), cache emptied since.
      await page.goto(url);
      await page.locator('[data-slot="header-status"]').waitFor();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.clearBrowserCache');
      await devtools.detach();
    }
    return await visit(page, url, webDist);
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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!chromiumAvailable()) {
    console.log('first-load bench skipped: no Chromium (set CHROMIUM_PATH)');
    return;
  }
  const app = await startApp({ MEDIA_INGEST: 'false' });
  const baseline = await startStaticBaseline();
  // The server serves its own snapshot of the build; the files are the same as dist/web's.
  const webDist = path.resolve(import.meta.dirname, '../../dist/web');
  try {
    const rows: [string, Visit[]][] = [
      ['/landing, signed out', []],
      ['/, signed in (returning)', []],
    ];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Interleaved, so a noisy moment on the shared machine touches every page alike.
      floor.push((await visitAs(app, baseline.url, null)).lcpMs);
      rows[0]![1].push(await visitAs(app, '/landing', webDist));
      rows[1]![1].push(await visitAs(app, '/', webDist, { username: 'viewer', password: 'viewer123' }));
    }
    const floorMs = median(floor);
    console.log(`first visit, median of ${RUNS} (empty cache, loopback); baseline: a bare static page's LCP ${floorMs.toFixed(0)} ms`);
    console.log('page                     | JS files | JS on the wire | JS gzipped | LCP      | LCP / baseline');
    for (const [label, visits] of rows) {
      const lcp = median(visits.map((v) => v.lcpMs));
      console.log(
        `${label.padEnd(24)} | ${String(median(visits.map((v) => v.scripts))).padStart(8)} | ${kb(median(visits.map((v) => v.wireBytes))).padStart(14)} | ${kb(median(visits.map((v) => v.gzipBytes))).padStart(10)} | ${`${lcp.toFixed(0)} ms`.padStart(8)} | ${(lcp / floorMs).toFixed(1)}x`,
      );
    }
  } finally {
    await baseline.close();
    await app.stop();
  }
}

await main();
