/**
 * The first visit's screen chunks, built in two passes (vite-screen-chunks.ts): which modules the
 * first, automatic split shows only the shell, then only the home page, loading; the groups that
 * gather them; and the check of the real build's output.
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { screenChunkGroups, screenModules, verifyScreenChunks } from './vite-screen-chunks.ts';

const SRC = '/app/web/src/features';

function chunk(fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return { type: 'chunk', fileName, name: fileName.replace(/\.js$/, ''), imports, isEntry: false, facadeModuleId: null, moduleIds: [`/m/${fileName}`], ...extra } as Rollup.OutputChunk;
}

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const entry = chunk('index.js', ['runtime.js'], { isEntry: true });
const runtime = chunk('runtime.js', []);
const landing = (imports: string[]) => chunk('Landing.js', imports, { facadeModuleId: `${SRC}/landing/LandingPage.tsx` });
const shellScreen = (imports: string[]) => chunk('AppLayout.js', imports, { facadeModuleId: `${SRC}/shell/AppLayout.tsx` });
const homeScreen = (imports: string[]) => chunk('Home.js', imports, { facadeModuleId: `${SRC}/home/HomePage.tsx` });

/**
 * An automatic split: the entry, the landing page, the shell and home share some chunks; the admin
 * page shares Modal with the shell and Grid with home, and has Table to itself.
 */
const automatic = bundleOf(
  entry,
  runtime,
  landing(['runtime.js', 'Badge.js']),
  chunk('Tv.js', ['runtime.js', 'Kbd.js'], { facadeModuleId: `${SRC}/smart-tv/TvPage.tsx` }),
  shellScreen(['runtime.js', 'Badge.js', 'Modal.js', 'IconHome.js', 'Kbd.js']),
  homeScreen(['runtime.js', 'Modal.js', 'Grid.js', 'Skeleton.js']),
  chunk('Admin.js', ['Modal.js', 'Grid.js', 'Table.js'], { facadeModuleId: `${SRC}/admin/AdminPage.tsx` }),
  chunk('Badge.js', ['runtime.js']),
  chunk('Kbd.js', []),
  chunk('Modal.js', ['FocusTrap.js', 'runtime.js'], { moduleIds: ['/m/Modal.js', '/m/ModalBase.js'] }),
  chunk('FocusTrap.js', []),
  chunk('IconHome.js', []),
  chunk('Grid.js', []),
  chunk('Skeleton.js', []),
  chunk('Table.js', []),
);

function check(bundle: Rollup.OutputBundle) {
  // Like Rollup's, the context's error() throws.
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  try {
    (verifyScreenChunks().generateBundle as (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void).call(context, {}, bundle);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

describe('the screen chunks', () => {
  it("takes for each screen the chunks only it reaches, by static imports, less an earlier screen's", () => {
    const modules = screenModules(automatic);
    // Not the screen's own chunk, nor what the entry or a screen outside the shell loads, nor the admin page's own.
    expect(modules['shell-shared'].sort()).toEqual(['/m/FocusTrap.js', '/m/IconHome.js', '/m/Modal.js', '/m/ModalBase.js']);
    // Home: Modal is the shell's already.
    expect(modules['home-shared'].sort()).toEqual(['/m/Grid.js', '/m/Skeleton.js']);
  });

  it('names exactly those modules, one group per screen, each pulling in nothing more', () => {
    const [shell, home] = screenChunkGroups(screenModules(automatic));
    expect(shell!.name('/m/ModalBase.js')).toBe('shell-shared');
    expect(shell!.name('/m/Grid.js')).toBeNull();
    expect(home!.name('/m/Grid.js')).toBe('home-shared');
    expect(home!.name('/m/Badge.js')).toBeNull();
    expect(shell!.includeDependenciesRecursively).toBe(false);
    expect([shell!.debugName, home!.debugName]).toEqual(['shell-shared', 'home-shared']);
  });

  it('fails a build without the chunk of a grouped screen', () => {
    const { 'Home.js': _, ...rest } = automatic;
    expect(() => screenModules(rest)).toThrow(/no chunk for .*HomePage/);
  });

  it('passes a grouped build, and fails one where a group is missing, loaded outside its screen or in a cycle', () => {
    const grouped = (changes: { landing?: string[]; shell?: string[]; home?: string[]; homeShared?: string[] } = {}) =>
      bundleOf(
        entry,
        runtime,
        landing(changes.landing ?? ['runtime.js']),
        shellScreen(changes.shell ?? ['runtime.js', 'shell-shared.js']),
        chunk('shell-shared.js', ['runtime.js'], { name: 'shell-shared' }),
        homeScreen(changes.home ?? ['shell-shared.js', 'home-shared.js']),
        chunk('home-shared.js', changes.homeShared ?? ['shell-shared.js'], { name: 'home-shared' }),
      );
    expect(check(grouped())).toEqual([]);
    expect(check(automatic)).toEqual([expect.stringMatching(/expected one 'shell-shared' chunk/)]);
    expect(check(grouped({ landing: ['runtime.js', 'shell-shared.js'] }))).toEqual([expect.stringMatching(/'shell-shared' chunk is loaded outside/)]);
    // The shell must not load the home page's code.
    expect(check(grouped({ shell: ['runtime.js', 'shell-shared.js', 'home-shared.js'] }))).toEqual([expect.stringMatching(/'home-shared' chunk is loaded outside/)]);
    expect(check(grouped({ homeShared: ['Home.js'] }))).toEqual([expect.stringMatching(/'home-shared' chunk is in an import cycle/)]);
  });
});
