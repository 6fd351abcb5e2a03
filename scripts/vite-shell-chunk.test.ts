/**
 * The shell chunk's two passes (vite-shell-chunk.ts): which modules the first, automatic split shows
 * only the shell loading, the group that gathers them, and the check of the real build's output.
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { SHELL_CHUNK_NAME, shellChunkGroup, shellModules, verifyShellChunk } from './vite-shell-chunk.ts';

const SRC = '/app/web/src/features';

function chunk(fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}): Rollup.OutputChunk {
  return { type: 'chunk', fileName, name: fileName.replace(/\.js$/, ''), imports, isEntry: false, facadeModuleId: null, moduleIds: [`/m/${fileName}`], ...extra } as Rollup.OutputChunk;
}

function bundleOf(...chunks: Rollup.OutputChunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** An automatic split: the entry, the landing page and the shell share some chunks; the admin page its own. */
const automatic = bundleOf(
  chunk('index.js', ['runtime.js'], { isEntry: true }),
  chunk('runtime.js', []),
  chunk('Landing.js', ['runtime.js', 'Badge.js'], { facadeModuleId: `${SRC}/landing/LandingPage.tsx` }),
  chunk('Tv.js', ['runtime.js', 'Kbd.js'], { facadeModuleId: `${SRC}/smart-tv/TvPage.tsx` }),
  chunk('AppLayout.js', ['runtime.js', 'Badge.js', 'Modal.js', 'IconHome.js', 'Kbd.js'], { facadeModuleId: `${SRC}/shell/AppLayout.tsx` }),
  chunk('Admin.js', ['Modal.js', 'Table.js'], { facadeModuleId: `${SRC}/admin/AdminPage.tsx` }),
  chunk('Badge.js', ['runtime.js']),
  chunk('Kbd.js', []),
  chunk('Modal.js', ['FocusTrap.js', 'runtime.js'], { moduleIds: ['/m/Modal.js', '/m/ModalBase.js'] }),
  chunk('FocusTrap.js', []),
  chunk('IconHome.js', []),
  chunk('Table.js', []),
);

function check(bundle: Rollup.OutputBundle) {
  // Like Rollup's, the context's error() throws.
  const context = { error: (message: string) => { throw new Error(message); } };
  try {
    (verifyShellChunk().generateBundle as (this: unknown, options: unknown, bundle: Rollup.OutputBundle) => void).call(context, {}, bundle);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

describe('the shell chunk', () => {
  it('takes the modules of the chunks only the shell reaches, by static imports', () => {
    // Not the shell's own chunk, nor what the entry or a screen outside the shell loads, nor the admin page's own.
    expect(shellModules(automatic).sort()).toEqual(['/m/FocusTrap.js', '/m/IconHome.js', '/m/Modal.js', '/m/ModalBase.js']);
  });

  it('names exactly those modules for one group, which pulls in nothing more', () => {
    const group = shellChunkGroup(shellModules(automatic));
    expect(group.name('/m/ModalBase.js')).toBe(SHELL_CHUNK_NAME);
    expect(group.name('/m/Badge.js')).toBeNull();
    expect(group.includeDependenciesRecursively).toBe(false);
  });

  it('fails a build without an AppLayout chunk', () => {
    const { 'AppLayout.js': _, ...rest } = automatic;
    expect(() => shellModules(rest)).toThrow(/no AppLayout chunk/);
  });

  it('passes a grouped build, and fails one where the shell chunk is missing, loaded outside the shell or in a cycle', () => {
    const grouped = (landingImports: string[], shellImports: string[]) =>
      bundleOf(
        chunk('index.js', ['runtime.js'], { isEntry: true }),
        chunk('runtime.js', []),
        chunk('Landing.js', landingImports, { facadeModuleId: `${SRC}/landing/LandingPage.tsx` }),
        chunk('AppLayout.js', ['runtime.js', 'shell.js'], { facadeModuleId: `${SRC}/shell/AppLayout.tsx` }),
        chunk('shell.js', shellImports, { name: SHELL_CHUNK_NAME }),
      );
    expect(check(grouped(['runtime.js'], ['runtime.js']))).toEqual([]);
    expect(check(automatic)).toEqual([expect.stringMatching(/expected one 'shell' chunk/)]);
    expect(check(grouped(['runtime.js', 'shell.js'], ['runtime.js']))).toEqual([expect.stringMatching(/loaded outside the shell/)]);
    expect(check(grouped(['runtime.js'], ['AppLayout.js']))).toEqual([expect.stringMatching(/import cycle/)]);
  });
});
