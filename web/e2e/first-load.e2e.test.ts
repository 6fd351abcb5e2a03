/**
 * What a first visit downloads: the entry script of the built app and every module it imports
 * statically (lazy routes are fetched later, only when visited). The validation schemas (zod and the
 * protocol's request schemas) serve forms and API checks, never the first paint, so they must stay out
 * of it: pages import constants from `@onair/protocol/constants`, not the package index.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, REPO_ROOT } from './harness.ts';

const WEB = path.join(REPO_ROOT, 'dist/web');

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

describe('the first load of the web app', () => {
  let scripts: string[];
  beforeAll(async () => {
    await ensureBuilt();
    scripts = firstLoadScripts();
  }, 240_000);

  it('follows the entry into its shared chunks', () => {
    expect(scripts.length).toBeGreaterThan(1);
  });

  it('carries no validation schemas: no zod, no request schemas', () => {
    for (const script of scripts) {
      const code = readFileSync(path.join(WEB, script), 'utf8');
      expect(code, script).not.toContain('ZodError');
      // A request schema's own error text, as the API answers it.
      expect(code, script).not.toContain('options needs at least');
    }
    const gzipped = scripts.reduce((sum, s) => sum + gzipSync(readFileSync(path.join(WEB, s))).length, 0);
    console.log(`first load: ${scripts.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  });
});
