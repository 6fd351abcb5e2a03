/**
 * The build's page snapshots (vite-page-snapshots.ts): the real landing page, and the real signed-in
 * shell and home page for each role, rendered through Vite's SSR loader with nothing fetched (figures
 * loading), and the pages built around them from index.html.
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotHtml, renderPages } from './vite-page-snapshots.ts';

const INDEX = `<!doctype html>
<html lang="en">
  <head><title>OnAir</title><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>
  <body><div id="root"></div><script type="module" src="/assets/index-1.js"></script></body>
</html>`;

describe('the page snapshots', () => {
  let pages: Map<string, string>;
  beforeAll(async () => {
    pages = new Map((await renderPages(path.resolve(import.meta.dirname, '../web'))).map((page) => [page.fileName, page.markup]));
  }, 90_000);

  it('renders the landing page with its links and its figures still loading', () => {
    const markup = pages.get('landing.html')!;
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

  it("renders each role's shell and home page, with a slot for the username and the figures still loading", () => {
    for (const role of ['viewer', 'creator', 'admin']) {
      const markup = pages.get(`home-${role}.html`)!;
      expect(markup, role).toMatch(/<h1[^>]*>What(&#x27;|')s on air<\/h1>/);
      expect(markup, role).toContain('Live TV, radio and podcasts from creators everywhere.');
      expect(markup, role).toContain('data-slot="header-status"');
      // Who is signed in: the server writes the name in; the role is the snapshot's own.
      expect(markup.match(/\{username\}/g), role).toHaveLength(1);
      expect(markup, role).toMatch(new RegExp(`>${role}</span>`));
      expect(markup, role).toContain('aria-label="Main navigation"');
      expect(markup, role).toContain('--mantine-color-brand-7');
      // No figure from build time: the stat cards and the live grid are loading.
      expect(markup, role).toMatch(/>On air</);
      expect(markup, role).not.toMatch(/on air now/);
      expect(markup, role).toContain('mantine-Skeleton-root');
    }
    // Each role's navigation, as the app shows it.
    const navLinks = (role: string) => [...pages.get(`home-${role}.html`)!.matchAll(/<a [^>]*mantine-NavLink-root[^>]*href="(\/[\w-]*)"/g)].map((m) => m[1]);
    expect(navLinks('viewer')).not.toContain('/creator-studio');
    expect(navLinks('creator')).toContain('/creator-studio');
    expect(navLinks('creator')).not.toContain('/admin');
    expect(navLinks('admin')).toEqual(expect.arrayContaining(['/', '/creator-studio', '/admin']));
  });

  it('goes before the app root, which stays hidden while it is there, with the stylesheets index.html lacks', () => {
    const page = snapshotHtml(INDEX, 'home', '<h1>On air</h1>', ['assets/index-1.css', 'assets/Badge-2.css']);
    expect(page).toContain('<div id="page-snapshot" data-screen="home"><h1>On air</h1></div><div id="root"></div>');
    expect(page).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(page.match(/index-1\.css/g)).toHaveLength(1);
    expect(page).toMatch(/<link rel="stylesheet" crossorigin href="\/assets\/Badge-2\.css">.*<\/head>/s);
    expect(page).toContain('#page-snapshot + #root { display: none }');
    expect(page.indexOf('<script type="module"')).toBeGreaterThan(page.indexOf('id="root"'));
  });

  it('refuses an index.html it cannot place the snapshot in', () => {
    expect(() => snapshotHtml(INDEX.replace('<div id="root"></div>', '<main></main>'), 'landing', '<h1>x</h1>', [])).toThrow(/root/);
  });
});
