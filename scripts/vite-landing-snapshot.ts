/**
 * A Vite build plugin that writes landing.html: the app's index.html with the landing page already in
 * it (web/src/features/landing/snapshot.tsx, rendered here through Vite's SSR module loader) and the
 * landing screen's stylesheets in its head. The API serves it for /landing (api/src/plugins/web.ts).
 *
 * Why: a client-rendered landing page paints only after the app's code has downloaded and run, the
 * session has been read and the screen's chunk has loaded, 1.5–2 s in headless Chromium on a 2-core
 * machine where a static page paints in 0.2 s (issue 14 asks LCP ≤ 1 s). The snapshot paints with the
 * HTML; the app starts as before, in its root, hidden while the snapshot is there, and removes the
 * snapshot when it has its own screen to show (web/src/features/landing/landing-snapshot.ts).
 *
 * The snapshot is light: the page's color scheme is only known in the browser (Mantine keeps it in
 * localStorage), and scripts of its own are not allowed inline by the Content-Security-Policy. A
 * browser that prefers dark skips the snapshot and shows the app as on any other page.
 */
import { createServer, type Plugin, type Rollup } from 'vite';
import { LANDING_SNAPSHOT_ID } from '../web/src/features/landing/landing-snapshot.ts';

const SNAPSHOT_MODULE = '/src/features/landing/snapshot.tsx';
const LANDING_SCREEN = /[\\/]features[\\/]landing[\\/]LandingPage\.tsx$/;
export const LANDING_HTML = 'landing.html';

/** The stylesheets a chunk loads with it: those of the chunks it imports first, then its own. */
export function stylesheetsOf(chunk: Rollup.OutputChunk, bundle: Rollup.OutputBundle, seen = new Set<string>()): string[] {
  if (seen.has(chunk.fileName)) return [];
  seen.add(chunk.fileName);
  const imported = chunk.imports.flatMap((name) => {
    const dependency = bundle[name];
    return dependency?.type === 'chunk' ? stylesheetsOf(dependency, bundle, seen) : [];
  });
  return [...new Set([...imported, ...(chunk.viteMetadata?.importedCss ?? [])])];
}

/** index.html with the snapshot before the app's root, and the stylesheets index.html lacks. */
export function landingHtml(indexHtml: string, markup: string, stylesheets: string[]): string {
  const links = stylesheets
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  const rules =
    `#${LANDING_SNAPSHOT_ID} + #root { display: none }` +
    `@media (prefers-color-scheme: dark) { #${LANDING_SNAPSHOT_ID} { display: none } #${LANDING_SNAPSHOT_ID} + #root { display: block } }`;
  const withHead = indexHtml.replace('</head>', `${links}<style>${rules}</style></head>`);
  const withScheme = withHead.replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">');
  const page = withScheme.replace('<div id="root"></div>', `<div id="${LANDING_SNAPSHOT_ID}">${markup}</div><div id="root"></div>`);
  if (page === withScheme || withScheme === withHead) throw new Error('index.html has no <html> tag or no empty <div id="root">');
  return page;
}

/** Renders the snapshot module's markup with a throwaway Vite server in SSR mode. */
export async function renderSnapshot(root: string): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderLandingSnapshot } = (await server.ssrLoadModule(SNAPSHOT_MODULE)) as { renderLandingSnapshot(): Promise<string> };
    return await renderLandingSnapshot();
  } finally {
    await server.close();
  }
}

export function landingSnapshot(): Plugin {
  return {
    name: 'onair:landing-snapshot',
    apply: 'build',
    // After Vite's HTML plugin has put index.html in the bundle; before the precompress plugin's
    // closeBundle, which then compresses landing.html with the rest.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const { root } = this.environment.config;
      const index = bundle['index.html'];
      const landing = Object.values(bundle).find((file): file is Rollup.OutputChunk => file.type === 'chunk' && LANDING_SCREEN.test(file.facadeModuleId ?? ''));
      if (index?.type !== 'asset' || !landing) this.error('the build has no index.html or no landing page chunk to snapshot');
      const html = landingHtml(String(index.source), await renderSnapshot(root), stylesheetsOf(landing, bundle));
      this.emitFile({ type: 'asset', fileName: LANDING_HTML, source: html });
    },
  };
}
