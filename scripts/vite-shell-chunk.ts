/**
 * The signed-in shell's shared code in one chunk, built in two passes.
 *
 * Every signed-in screen renders inside AppLayout, so whatever AppLayout loads is on the page before
 * any screen is. Left to automatic splitting, the modules it shares with this or that lazy screen
 * (Modal with the admin page, Tooltip with the watch page, an icon with three screens) each became a
 * chunk of their own: a returning visitor's first page fetched some 20 more files for the shell, and
 * on a two-core machine, where the browser and the server share the cores, the browser's cost per
 * request rather than the bytes set when it could paint.
 *
 * Which modules those are is known only after tree-shaking (AppLayout imports Mantine through its
 * index, which re-exports every component), so a first pass (`probeShellModules`: the same build,
 * written nowhere) lets Rolldown split as it would, and reads the answer off its chunks: those the
 * AppLayout chunk reaches by static imports and that nothing shown outside the shell reaches (the
 * entry, the landing page, sign-in, an invitation, TV pairing). The real build then captures exactly
 * their modules in one group. Outside pages never load it, so the landing page keeps its weight, and
 * the chunks the group's modules import are all below it (nothing outside imports the shell), so the
 * group does not pull in its dependencies. `verifyShellChunk` checks both on the real build's output.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

export const SHELL_CHUNK_NAME = 'shell';
/** Set while the first pass runs, so its config neither probes again nor renders or compresses. */
export const SHELL_PROBE_ENV = 'ONAIR_SHELL_PROBE';

const SHELL_SCREEN = /[\\/]features[\\/]shell[\\/]AppLayout\.tsx$/;
/** Screens shown outside the shell: they must never load its chunk. */
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

function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = new Map<string, Chunk>();
  for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const all = [...chunks.values()];
  const shell = all.find((chunk) => SHELL_SCREEN.test(chunk.facadeModuleId ?? ''));
  const outsideRoots = all.filter((chunk) => chunk.isEntry || OUTSIDE_SCREENS.some((screen) => screen.test(chunk.facadeModuleId ?? '')));
  return { chunks, shell, outside: staticClosure(chunks, outsideRoots) };
}

/** The modules of the chunks only the shell loads, read off an automatically split bundle. */
export function shellModules(bundle: Rollup.OutputBundle): string[] {
  const { chunks, shell, outside } = chunkGraph(bundle);
  if (!shell) throw new Error('the build has no AppLayout chunk: has the shell moved?');
  return [...staticClosure(chunks, [shell])]
    .filter((fileName) => fileName !== shell.fileName && !outside.has(fileName))
    .flatMap((fileName) => chunks.get(fileName)!.moduleIds);
}

/** The code-splitting group that puts `modules` in one chunk named `shell`. */
export function shellChunkGroup(modules: readonly string[]) {
  const captured = new Set(modules);
  return {
    name: (id: string) => (captured.has(id) ? SHELL_CHUNK_NAME : null),
    // Every chunk the captured modules import is outside the shell: nothing more to pull in.
    includeDependenciesRecursively: false,
  };
}

/** The first pass: the same build (config file `configFile`), split automatically and written nowhere. */
export async function probeShellModules(configFile: string): Promise<string[]> {
  const { build } = await import('vite');
  let modules: string[] | undefined;
  const record: Plugin = { name: 'onair:shell-probe', generateBundle: (_options, bundle) => void (modules = shellModules(bundle)) };
  // Out of the real output directory: the service-worker plugin writes its own build even here.
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'onair-shell-probe-'));
  process.env[SHELL_PROBE_ENV] = '1';
  try {
    await build({ configFile, logLevel: 'silent', plugins: [record], build: { write: false, outDir, emptyOutDir: true } });
  } finally {
    delete process.env[SHELL_PROBE_ENV];
    await rm(outDir, { recursive: true, force: true });
  }
  if (!modules) throw new Error('the shell probe built no bundle');
  return modules;
}

/**
 * Fails the build if the shell chunk is missing or loaded outside the shell, so a change of imports
 * that defeats the grouping shows at build time, not as a heavier landing page.
 */
export function verifyShellChunk(): Plugin {
  return {
    name: 'onair:shell-chunk-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (process.env[SHELL_PROBE_ENV]) return;
      const { chunks, shell, outside } = chunkGraph(bundle);
      const grouped = [...chunks.values()].filter((chunk) => chunk.name === SHELL_CHUNK_NAME);
      if (!shell || grouped.length !== 1) this.error(`expected one '${SHELL_CHUNK_NAME}' chunk beside AppLayout's, found ${grouped.length}`);
      const [chunk] = grouped;
      if (outside.has(chunk!.fileName)) this.error(`the '${SHELL_CHUNK_NAME}' chunk is loaded outside the shell (by the entry or a signed-out screen)`);
      const below = staticClosure(chunks, chunk!.imports.map((fileName) => chunks.get(fileName)!));
      if (below.has(chunk!.fileName) || below.has(shell!.fileName)) this.error(`the '${SHELL_CHUNK_NAME}' chunk is in an import cycle`);
    },
  };
}
