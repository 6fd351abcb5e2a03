/**
 * A Vite build plugin: once the bundle is written, a brotli and a gzip copy go beside every text asset
 * (HTML, JS, CSS, SVG, JSON, the manifest) above 1 KiB, so the API serves them as they are
 * (@fastify/static's preCompressed) and no request pays for compression. Copies that save nothing are
 * skipped; the server then sends the original.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 9 }),
    ]);
    for (const [suffix, copy] of [['br', br], ['gz', gzipped]] as const) {
      if (copy.length >= body.length) continue;
      await writeFile(`${file}.${suffix}`, copy);
      written += 1;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'onair-precompress',
    apply: 'build',
    // Last, after the PWA plugin has written the service worker and the manifest.
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
