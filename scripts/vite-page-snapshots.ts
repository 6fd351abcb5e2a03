/**
 * A Vite build plugin that writes the pages rendered ahead (web/src/app/snapshots.tsx, rendered here
 * through Vite's SSR module loader): landing.html, the landing page, and home-<role>.html, the
 * signed-in shell and home page for each role. Each is the app's index.html with the screen before the
 * app's root and the screen's stylesheets in its head. The API serves them (api/src/plugins/web.ts).
 *
 * Why: a client-rendered screen paints only after the app's code has downloaded and run, the session
 * has been read and the screen's chunks have loaded: for / signed in, some forty files over Chromium's
 * six connections to the host, 0.6–1.3 s in headless Chromium on a 2-core machine where a static page
 * paints in 0.1–0.2 s (issue 14 asks LCP ≤ 1 s). The snapshot paints with the HTML; the app starts as
 * before, in its root, hidden while the snapshot is there, and removes the snapshot when it has its
 * own screen to show (web/src/lib/page-snapshot.ts).
 *
 * The snapshot is light: the page's color scheme is only known in the browser (Mantine follows the
 * system's), and scripts of its own are not allowed inline by the Content-Security-Policy. A browser
 * that prefers dark skips the snapshot and shows the app as on any other page.
 */
import { createServer, type Plugin, type Rollup } from 'vite';
import { PAGE_SNAPSHOTS, ROLES, type Role } from '../protocol/src/constants.ts';
import { PAGE_SNAPSHOT_ID, type SnapshotScreen } from '../web/src/lib/page-snapshot.ts';

/** What web/src/app/snapshots.tsx exports (a JSX module, which this side of the build does not compile). */
interface Snapshots {
  renderLandingSnapshot(): Promise<string>;
  renderHomeSnapshot(role: Role): Promise<string>;
}

const SNAPSHOTS_MODULE = '/src/app/snapshots.tsx';
/** The chunks of each screen, by the module they are built from. */
const SCREEN_CHUNKS: Record<SnapshotScreen, RegExp[]> = {
  landing: [/[\\/]features[\\/]landing[\\/]LandingPage\.tsx$/],
  home: [/[\\/]features[\\/]shell[\\/]AppLayout\.tsx$/, /[\\/]features[\\/]home[\\/]HomePage\.tsx$/],
};

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

/** index.html with the screen's snapshot before the app's root, and the stylesheets index.html lacks. */
export function snapshotHtml(indexHtml: string, screen: SnapshotScreen, markup: string, stylesheets: string[]): string {
  const links = stylesheets
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
    .join('');
  const rules =
    `#${PAGE_SNAPSHOT_ID} + #root { display: none }` +
    `@media (prefers-color-scheme: dark) { #${PAGE_SNAPSHOT_ID} { display: none } #${PAGE_SNAPSHOT_ID} + #root { display: block } }`;
  const withHead = indexHtml.replace('</head>', `${links}<style>${rules}</style></head>`);
  const withScheme = withHead.replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">');
  const page = withScheme.replace('<div id="root"></div>', `<div id="${PAGE_SNAPSHOT_ID}" data-screen="${screen}">${markup}</div><div id="root"></div>`);
  if (page === withScheme || withScheme === withHead) throw new Error('index.html has no <html> tag or no empty <div id="root">');
  return page;
}

/** Loads the snapshots module with a throwaway Vite server in SSR mode and hands it to `render`. */
export async function withSnapshots<T>(root: string, render: (snapshots: Snapshots) => Promise<T>): Promise<T> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await render((await server.ssrLoadModule(SNAPSHOTS_MODULE)) as Snapshots);
  } finally {
    await server.close();
  }
}

/** Every page rendered ahead: its file name, its screen and its markup. */
export function renderPages(root: string) {
  return withSnapshots(root, async (snapshots) => [
    { fileName: PAGE_SNAPSHOTS.landing, screen: 'landing' as const, markup: await snapshots.renderLandingSnapshot() },
    ...(await Promise.all(
      ROLES.map(async (role) => ({ fileName: PAGE_SNAPSHOTS.home(role), screen: 'home' as const, markup: await snapshots.renderHomeSnapshot(role) })),
    )),
  ]);
}

export function pageSnapshots(): Plugin {
  return {
    name: 'onair:page-snapshots',
    apply: 'build',
    // After Vite's HTML plugin has put index.html in the bundle; before the precompress plugin's
    // closeBundle, which then compresses the pages with the rest.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('the build has no index.html to put the snapshots in');
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
      const stylesheets = (screen: SnapshotScreen) =>
        SCREEN_CHUNKS[screen].flatMap((module) => {
          const chunk = chunks.find((file) => module.test(file.facadeModuleId ?? ''));
          if (!chunk) this.error(`the build has no chunk for ${module.source} to snapshot`);
          return stylesheetsOf(chunk, bundle);
        });
      for (const page of await renderPages(this.environment.config.root)) {
        const html = snapshotHtml(String(index.source), page.screen, page.markup, [...new Set(stylesheets(page.screen))]);
        this.emitFile({ type: 'asset', fileName: page.fileName, source: html });
      }
    },
  };
}
