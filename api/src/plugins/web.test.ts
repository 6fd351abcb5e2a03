/**
 * The built app is served precompressed: the .br and .gz files the build writes beside each asset go
 * out as they are, chosen by Accept-Encoding, and decode to the very bytes of the original; the
 * files' requests are one latency series in the metrics, not one per file. /landing signed out and /
 * signed in get the pages the build rendered ahead, the latter filled with the reader's name.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@onair/protocol/constants';
import { createTestApp, signIn, TINY_SEED, type TestApp } from '../../test/support/app.ts';
import { HomePages } from './home-pages.ts';
import { samples } from '../../test/support/metrics.ts';

/** The home page the fake build renders for a role, with the username's slot, or filled. */
const homePage = (role: string, username = '{username}') =>
  `<!doctype html><html><head><title>OnAir</title></head><body><div id="page-snapshot" data-screen="home"><nav>${role}</nav><p>${username}</p><h1>What's on air</h1><p aria-label="${username}"></p></div><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;

function builtApp(): { dir: string; script: Buffer; page: Buffer; landing: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const page = Buffer.from(`<!doctype html><html><head><title>OnAir</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
  const landing = Buffer.from(`<!doctype html><html><head><title>OnAir</title></head><body><div id="page-snapshot" data-screen="landing"><h1>Broadcast live</h1></div><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const line${i} = 'OnAir ${i}';`).join('\n'));
  for (const role of ROLES) writeFileSync(path.join(dir, `home-${role}.html`), homePage(role));
  for (const [file, body] of [['index.html', page], ['landing.html', landing], ['assets/app-abc123.js', script]] as const) {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  }
  return { dir, script, page, landing };
}

describe('the built web app, precompressed', () => {
  let t: TestApp;
  const built = builtApp();
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seed: TINY_SEED, env: { WEB_DIST: built.dir } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...(cookie ? { cookie } : {}) } });

  it('sends brotli, then gzip, then the original, each decoding to the same bytes', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(built.script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(built.script)).toBe(true);

    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(built.script)).toBe(true);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(built.script)).toBe(true);
  });

  it('compresses the page a deep link falls back to, and keeps it revalidated', async () => {
    const deep = await get('/watch/42', 'br');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['content-encoding']).toBe('br');
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(deep.rawPayload).equals(built.page)).toBe(true);
  });

  it('sends /landing the page with the landing page already in it, and other paths the plain one', async () => {
    for (const url of ['/landing', '/landing?ref=newsletter']) {
      const landing = await get(url, 'br');
      expect(landing.statusCode, url).toBe(200);
      expect(landing.headers['content-encoding'], url).toBe('br');
      expect(landing.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(landing.rawPayload).equals(built.landing), url).toBe(true);
    }
    for (const url of ['/landing/more', '/auth', '/']) expect((await get(url)).rawPayload.equals(built.page), url).toBe(true);
    // Signed in, /landing only redirects: the plain page.
    expect((await get('/landing', undefined, await signIn(t.app, 'viewer', 'viewer123'))).rawPayload.equals(built.page)).toBe(true);
  });

  it("sends / signed in the home page of the reader's role with their name in it, private to them", async () => {
    for (const [username, password, role] of [['viewer', 'viewer123', 'viewer'], ['admin', 'admin123', 'admin']] as const) {
      const cookie = await signIn(t.app, username, password);
      const br = await get('/', 'gzip, deflate, br', cookie);
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('private, no-cache');
      expect(br.headers.vary).toMatch(/cookie/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(homePage(role, username));
      const gz = await get('/?from=install', 'gzip', cookie);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(homePage(role, username));
      const plain = await get('/', undefined, cookie);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(homePage(role, username));
      // Only /: deep links are the app's to render.
      expect((await get('/watch/42', undefined, cookie)).rawPayload.equals(built.page)).toBe(true);
    }
    // Signed out, or with a session that has ended, / is the plain page, still marked as varying with the cookie.
    for (const cookie of [undefined, 'onair.sid=ended']) {
      const page = await get('/', undefined, cookie);
      expect(page.rawPayload.equals(built.page)).toBe(true);
      expect(page.headers.vary).toMatch(/cookie/i);
    }
  });

  it('fills the name in as text, and falls back to the plain page for a build without the home pages', async () => {
    const pages = HomePages.load(built.dir)!;
    expect((await pages.render({ username: 'a<b>&"c\'', role: 'creator' }, '')).body.toString()).toBe(homePage('creator', 'a&lt;b&gt;&amp;&quot;c&#39;'));
    const older = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
    writeFileSync(path.join(older, 'home-viewer.html'), homePage('viewer'));
    expect(HomePages.load(older)).toBeNull();
  });

  it('counts the files in one latency series, whatever the build named them', async () => {
    for (const url of ['/assets/app-abc123.js', '/index.html', '/watch/42', '/api/health']) expect((await get(url)).statusCode, url).toBe(200);
    const scrape = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const routes = new Set(samples(scrape, 'onair_http_request_duration_seconds_count').map((s) => s.labels.get('route')));
    expect(routes.has('static')).toBe(true);
    expect(routes.has('/api/health')).toBe(true);
    expect([...routes].filter((route) => /assets|index\.html/.test(route ?? ''))).toEqual([]);
  });
});
