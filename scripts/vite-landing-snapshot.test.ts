/**
 * The build's landing snapshot (vite-landing-snapshot.ts): the real landing page rendered through
 * Vite's SSR loader, with nothing fetched (figures loading, no caption figure), and the page built
 * around it from index.html.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingHtml, renderSnapshot } from './vite-landing-snapshot.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head><title>OnAir</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>
  <body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body>
</html>`;

describe('the landing snapshot', () => {
  it('renders the landing page with its links and its figures still loading', { timeout: 60_000 }, async () => {
    const markup = await renderSnapshot(path.resolve(import.meta.dirname, '../web'));
    expect(markup).toMatch(/<h1[^>]*>Broadcast live to the world,/);
    expect(markup).toContain('Everything a broadcaster needs');
    // Links are plain links to the sign-in page, so they work before the app has taken over.
    expect(markup.match(/<a [^>]*href="\/auth"/g)?.length).toBeGreaterThanOrEqual(3);
    // The theme's variables come with it, so the page is styled as the app styles it.
    expect(markup).toContain('data-mantine-styles');
    expect(markup).toContain('--mantine-color-brand-7');
    // No figure is made up at build time: the four stats are loading skeletons, no caption accuracy.
    for (const label of ['Active Streams', 'Hours of Content', 'Global Users', 'Countries Reached']) expect(markup).toContain(label);
    expect(markup.match(/mantine-Skeleton-root/g)).toHaveLength(4);
    expect(markup).not.toContain('captions-quality');
  });

  it('goes before the app root, which stays hidden while it is there, with the stylesheets index.html lacks', () => {
    const page = landingHtml(INDEX, '<h1>Broadcast</h1>', ['assets/index-1.css', 'assets/Badge-2.css']);
    expect(page).toContain('<div id="landing-snapshot"><h1>Broadcast</h1></div><div id="root"></div>');
    expect(page).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(page.match(/index-1\.css/g)).toHaveLength(1);
    expect(page).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/Badge-2\.css">.*<\/head>/s);
    expect(page).toContain('#landing-snapshot + #root { display: none }');
    expect(page.indexOf('<script type="module"')).toBeGreaterThan(page.indexOf('id="root"'));
  });

  it('refuses an index.html it cannot place the snapshot in', () => {
    expect(() => landingHtml(INDEX.replace('<div id="root"></div>', '<main></main>'), '<h1>x</h1>', [])).toThrow(/root/);
  });
});
