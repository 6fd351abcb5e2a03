/**
 * The built app is served precompressed: the .br and .gz files the build writes beside each asset go
 * out as they are, chosen by Accept-Encoding, and decode to the very bytes of the original; the
 * files' requests are one latency series in the metrics, not one per file.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app.ts';
import { samples } from '../../test/support/metrics.ts';

function builtApp(): { dir: string; script: Buffer; page: Buffer; landing: Buffer } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'onair-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const page = Buffer.from(`<!doctype html><html><head><title>OnAir</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
  const landing = Buffer.from(`<!doctype html><html><head><title>OnAir</title></head><body><div id="landing-snapshot"><h1>Broadcast live</h1></div><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`);
  const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const line${i} = 'OnAir ${i}';`).join('\n'));
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
    t = await createTestApp('sqlite', { seed: false, env: { WEB_DIST: built.dir } });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

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
