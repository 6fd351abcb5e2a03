/**
 * A Vite build plugin that splits Mantine's one stylesheet (issue 14: "Mantine styles split so a page
 * loads what it uses"). `@mantine/core/styles.css` holds every component's styles, 40 KB gzipped,
 * on every first load. At build:
 *
 * - `import '@mantine/core/styles.css'` becomes the global stylesheets plus those of the components
 *   other components are built from (UnstyledButton, Input, Popover…), in Mantine's order;
 * - every module that imports components from '@mantine/core' (ours, and @mantine/notifications' or
 *   @mantine/charts' own) also imports the stylesheets of those components that are not in that
 *   first set, so Vite's CSS code splitting puts each screen's styles in that screen's chunk.
 *
 * Order is kept where it matters: a component's own stylesheet follows those of what it is built
 * from, in styles.css and here alike (the shared ones are always loaded first), which
 * scripts/mantine-styles.test.ts checks for every export. The dev server keeps the whole stylesheet.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import { mantineCoreDir, readMantineStyles, type MantineStyles } from './mantine-styles.ts';

const WHOLE_STYLESHEET = /import\s*['"]@mantine\/core\/styles\.css['"];?/;
const NAMED_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const SCRIPT = /\.(m?[jt]sx?)$/;

/** On one line, so the module's own lines keep their numbers (no source map needs rewriting). */
const importsOf = (names: string[]) => names.map((name) => `import '@mantine/core/styles/${name}.css';`).join('');

/** The component names a module imports from '@mantine/core' (values only: type imports need no styles). */
export function importedComponents(code: string): string[] {
  const names: string[] = [];
  for (const [statement, bindings] of code.matchAll(NAMED_IMPORTS)) {
    if (/^import\s+type\b/.test(statement)) continue;
    for (const binding of bindings!.split(',')) {
      const [name] = binding.trim().split(/\s+as\s+/);
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

export function mantineCssSplit(root: string): Plugin {
  let styles: MantineStyles;
  let shared: Set<string>;
  let coreDir: string;
  return {
    name: 'onair:mantine-css-split',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      coreDir = mantineCoreDir(root);
      styles = readMantineStyles(coreDir);
      shared = new Set(styles.shared);
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SCRIPT.test(file) || file.startsWith(coreDir + path.sep)) return null;
      let out = code;
      if (WHOLE_STYLESHEET.test(out)) out = out.replace(WHOLE_STYLESHEET, importsOf([...styles.global, ...styles.shared]));
      const own = styles.inOrder(importedComponents(code).flatMap((name) => styles.needs(name)).filter((name) => !shared.has(name)));
      if (own.length > 0) out = importsOf(own) + out;
      return out === code ? null : { code: out, map: null };
    },
  };
}
