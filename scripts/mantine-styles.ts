/**
 * Which of @mantine/core's per-component stylesheets (`@mantine/core/styles/<Name>.css`) each of its
 * exports needs, read from the package's own ES modules: a component's stylesheet is the CSS module
 * it imports (`<Name>.module.mjs`), and it needs the stylesheets of every component it imports in
 * turn (Button needs UnstyledButton and Loader; Select, which has none of its own, needs Combobox,
 * Input, Popover…). Mantine documents the per-component files but leaves the dependencies to the
 * reader ("check the component's source code"); this reads them.
 *
 * Used by the build (vite-mantine-css.ts) and by the test that checks the split loses no style.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface MantineStyles {
  /** The global stylesheets, first on every page (Mantine's "Global styles" page). */
  global: string[];
  /**
   * Stylesheets of components that other components are built from (UnstyledButton, Input,
   * Popover…): loaded with the global ones, in Mantine's order, so a component's own stylesheet,
   * whenever it arrives, comes after the stylesheets of what it is built from, as in styles.css.
   */
  shared: string[];
  /** Every stylesheet an export needs (its own and its dependencies'), in styles.css order. */
  needs(exportName: string): string[];
  /** Sorts stylesheet names into the order styles.css has them. */
  inOrder(names: Iterable<string>): string[];
  /** The file of a stylesheet name. */
  file(name: string): string;
}

const IMPORT_FROM = /(?:import|export)\s*(?:([\w$*\s{},]+?)\s*from\s*)?["']([^"']+)["']/g;
const MODULE_SUFFIX = '.module.mjs';

/** Reads the stylesheet dependencies of the @mantine/core installed at `coreDir`. */
export function readMantineStyles(coreDir: string): MantineStyles {
  const esm = path.join(coreDir, 'esm');
  const stylesDir = path.join(coreDir, 'styles');
  const bundle = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const file = (name: string) => path.join(stylesDir, `${name}.css`);

  // Where each stylesheet sits in styles.css: the order the package itself bundles them in.
  const position = new Map<string, number>();
  const positionOf = (name: string) => {
    let at = position.get(name);
    if (at === undefined) {
      if (!existsSync(file(name))) throw new Error(`@mantine/core has ${name}${MODULE_SUFFIX} but no styles/${name}.css: its layout changed, update scripts/mantine-styles.ts`);
      const css = readFileSync(file(name), 'utf8').trim();
      at = bundle.indexOf(css.slice(0, 300));
      if (css.length > 0 && at < 0) throw new Error(`styles/${name}.css is not part of @mantine/core/styles.css: update scripts/mantine-styles.ts`);
      position.set(name, at);
    }
    return at;
  };
  const inOrder = (names: Iterable<string>) => [...new Set(names)].sort((a, b) => positionOf(a) - positionOf(b));

  const importsOf = new Map<string, string[]>();
  const relativeImports = (from: string): string[] => {
    let found = importsOf.get(from);
    if (!found) {
      found = [];
      for (const [, , specifier] of readFileSync(from, 'utf8').matchAll(IMPORT_FROM)) {
        if (specifier!.startsWith('.')) found.push(path.resolve(path.dirname(from), specifier!));
      }
      importsOf.set(from, found);
    }
    return found;
  };
  /** The component folder a module belongs to (esm/components/<Folder>/…), or null outside one. */
  const folderOf = (file: string) => {
    const [top, folder] = path.relative(esm, file).split(path.sep);
    return top === 'components' && folder ? folder : null;
  };
  const styleOf = (file: string) => (file.endsWith(MODULE_SUFFIX) ? path.basename(file, MODULE_SUFFIX) : null);
  /** The component folder each stylesheet's CSS module sits in. */
  const styleFolder = new Map<string, string | null>();

  /** The stylesheets reachable from a module, following its relative imports. */
  const closures = new Map<string, Set<string>>();
  const stylesFrom = (start: string): Set<string> => {
    const cached = closures.get(start);
    if (cached) return cached;
    const styles = new Set<string>();
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      const current = queue.pop()!;
      const style = styleOf(current);
      if (style) {
        styles.add(style);
        styleFolder.set(style, folderOf(current));
      }
      for (const next of relativeImports(current)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    closures.set(start, styles);
    return styles;
  };

  // The package's entry names every export and the module that defines it.
  const entry = path.join(esm, 'index.mjs');
  const moduleOf = new Map<string, string>();
  for (const [, bindings, specifier] of readFileSync(entry, 'utf8').matchAll(IMPORT_FROM)) {
    if (!bindings || !specifier!.startsWith('.')) continue;
    for (const binding of bindings.replace(/[{}]/g, '').split(',')) {
      const local = binding.trim().split(/\s+as\s+/).at(-1)!;
      if (local) moduleOf.set(local, path.resolve(esm, specifier!));
    }
  }

  // A stylesheet is shared when a module of another component's folder reaches it.
  const shared = new Set<string>();
  for (const module of new Set(moduleOf.values())) {
    for (const style of stylesFrom(module)) if (styleFolder.get(style) !== folderOf(module)) shared.add(style);
  }

  return {
    global: ['baseline', 'default-css-variables', 'global'],
    shared: inOrder(shared),
    needs(exportName) {
      const module = moduleOf.get(exportName);
      return module ? inOrder(stylesFrom(module)) : [];
    },
    inOrder,
    file,
  };
}

/** The installed @mantine/core's folder. */
export function mantineCoreDir(root: string): string {
  const dir = path.join(root, 'node_modules', '@mantine', 'core');
  if (!existsSync(path.join(dir, 'esm', 'index.mjs')) || readdirSync(path.join(dir, 'styles')).length === 0) throw new Error(`no @mantine/core with per-component styles under ${root}`);
  return dir;
}
