/**
 * The code a signed-in first visit shares with other screens in two chunks, not thirty-odd: the
 * shell's, then the home page's. Built in two passes.
 *
 * Every signed-in screen renders inside AppLayout, so whatever AppLayout loads is on the page before
 * any screen is; and / (home) is where a signed-in visit starts and where signing in sends people.
 * Left to automatic splitting, the modules these two share with this or that lazy screen (Modal with
 * the admin page, SegmentedControl with the creator's, an icon with three screens) each became a chunk
 * of their own: a returning visitor's first page fetched some 30 more small files for them, and on a
 * two-core machine, where the browser and the server share the cores, the browser's cost per request
 * rather than the bytes set when it could paint.
 *
 * Which modules those are is known only after tree-shaking (AppLayout imports Mantine through its
 * index, which re-exports every component), so a first pass (`probeScreenModules`: the same build,
 * written nowhere) lets Rolldown split as it would, and reads the answer off its chunks: for each
 * grouped screen in turn, the chunks its own chunk reaches by static imports that nothing shown
 * outside the shell (the entry, the landing page, sign-in, an invitation, TV pairing) nor an earlier
 * group's screen reaches. The real build then captures exactly their modules, one group each.
 * Outside pages never load either chunk, so the landing page keeps its weight, and the shell never
 * loads the home page's; another screen opened first loads the home chunk when it shares a module
 * with home (the price of a fast /). A group's modules import only chunks below it (nothing outside
 * imports them), so the group does not pull in its dependencies. `verifyScreenChunks` checks all of
 * this on the real build's output.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** Set while the first pass runs, so its config neither probes again nor renders or compresses. */
export const SCREEN_PROBE_ENV = 'ONAIR_SCREEN_PROBE';

/** The grouped screens, in order: each group leaves out what the ones before it load. */
export const SCREEN_GROUPS = [
  { name: 'shell-shared', screen: /[\\/]features[\\/]shell[\\/]AppLayout\.tsx$/ },
  { name: 'home-shared', screen: /[\\/]features[\\/]home[\\/]HomePage\.tsx$/ },
] as const;
export type ScreenGroupName = (typeof SCREEN_GROUPS)[number]['name'];

/** Screens shown outside the shell: they must never load a group's chunk. */
const OUTSIDE_SCREENS = [
  /[\\/]features[\\/]landing[\\/]LandingPage\.tsx$/,
  /[\\/]features[\\/]auth[\\/]AuthPage\.tsx$/,
  /[\\/]features[\\/]education[\\/]InvitationPage\.tsx$/,
  /[\\/]features[\\/]smart-tv[\\/]TvPage\.tsx$/,
];

type Chunk = Pick<Rollup.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds' | 'name'>;

/** File names of `roots` and every chunk they import statically. */
function staticClosure(chunks: Map<string, Chunk>, roots: Chunk[]): Set<string> {
  const seen = new Set<string>();
  const pending = roots.map((chunk) => chunk.fileName);
  while (pending.length > 0) {
    const fileName = pending.pop()!;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    pending.push(...(chunks.get(fileName)?.imports ?? []));
  }
  return seen;
}

/** The bundle's chunks, each grouped screen's own chunk, and what the outside pages load. */
function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = new Map<string, Chunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const all = [...chunks.values()];
  const screenChunk = (screen: RegExp) => all.find((chunk) => screen.test(chunk.facadeModuleId ?? ''));
  const outsideRoots = all.filter((chunk) => chunk.isEntry || OUTSIDE_SCREENS.some((screen) => screen.test(chunk.facadeModuleId ?? '')));
  return { chunks, screens: SCREEN_GROUPS.map((group) => ({ ...group, chunk: screenChunk(group.screen) })), outsideRoots };
}

/** Each group's modules, read off an automatically split bundle. */
export function screenModules(bundle: Rollup.OutputBundle): Record<ScreenGroupName, string[]> {
  const { chunks, screens, outsideRoots } = chunkGraph(bundle);
  const modules = {} as Record<ScreenGroupName, string[]>;
  const before = [...outsideRoots];
  for (const { name, screen, chunk } of screens) {
    if (!chunk) throw new Error(`the build has no chunk for ${screen}: has the screen moved?`);
    const excluded = staticClosure(chunks, before);
    modules[name] = [...staticClosure(chunks, [chunk])]
      .filter((fileName) => fileName !== chunk.fileName && !excluded.has(fileName))
      .flatMap((fileName) => chunks.get(fileName)!.moduleIds);
    before.push(chunk);
  }
  return modules;
}

/** The code-splitting groups that put each group's modules in one chunk of the group's name. */
export function screenChunkGroups(modules: Record<ScreenGroupName, readonly string[]>) {
  return SCREEN_GROUPS.map(({ name }) => {
    const captured = new Set(modules[name]);
    return {
      name: (id: string) => (captured.has(id) ? name : null),
      // A function name leaves Rolldown's timing report (and its warning at every build) a label short.
      debugName: name,
      // Every chunk the captured modules import is below the group: nothing more to pull in.
      includeDependenciesRecursively: false,
    };
  });
}

/** The first pass: the same build (config file `configFile`), split automatically and written nowhere. */
export async function probeScreenModules(configFile: string): Promise<Record<ScreenGroupName, string[]>> {
  const { build } = await import('vite');
  let modules: Record<ScreenGroupName, string[]> | undefined;
  const record: Plugin = { name: 'onair:screen-probe', generateBundle: (_options, bundle) => void (modules = screenModules(bundle)) };
  // Out of the real output directory: the service-worker plugin writes its own build even here.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'onair-screen-probe-'));
  process.env[SCREEN_PROBE_ENV] = '1';
  try {
    await build({ configFile, logLevel: 'silent', plugins: [record], build: { write: false, outDir, emptyOutDir: true } });
  } finally {
    delete process.env[SCREEN_PROBE_ENV];
    await rm(outDir, { recursive: true, force: true });
  }
  if (!modules) throw new Error('the screen probe built no bundle');
  return modules;
}

/**
 * Fails the build if a group's chunk is missing, loaded outside the shell (or, for home, by the
 * shell), or in an import cycle, so a change of imports that defeats the grouping shows at build
 * time, not as a heavier landing page.
 */
export function verifyScreenChunks(): Plugin {
  return {
    name: 'onair:screen-chunks-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (process.env[SCREEN_PROBE_ENV]) return;
      const { chunks, screens, outsideRoots } = chunkGraph(bundle);
      const before = [...outsideRoots];
      for (const { name, chunk: screen } of screens) {
        const grouped = [...chunks.values()].filter((chunk) => chunk.name === name);
        if (!screen || grouped.length !== 1) {
          return this.error(`expected one '${name}' chunk beside its screen's, found ${grouped.length} (a screen that no longer shares code of its own leaves SCREEN_GROUPS)`);
        }
        const chunk = grouped[0]!;
        if (staticClosure(chunks, before).has(chunk.fileName)) this.error(`the '${name}' chunk is loaded outside its screen`);
        const below = staticClosure(chunks, chunk.imports.map((fileName) => chunks.get(fileName)!));
        if (below.has(chunk.fileName) || below.has(screen.fileName)) this.error(`the '${name}' chunk is in an import cycle`);
        before.push(screen);
      }
    },
  };
}
