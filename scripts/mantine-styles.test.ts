/**
 * The reading of Mantine's per-component stylesheets that the build's CSS split rests on
 * (mantine-styles.ts, vite-mantine-css.ts), against the installed @mantine/core: the dependencies
 * Mantine's own documentation names are found, every stylesheet is reachable from some export, and
 * for every export its own stylesheets come after the shared ones it is built from in styles.css,
 * which is what lets the shared ones load first and the rest with each screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineCoreDir, readMantineStyles } from './mantine-styles.ts';
import { importedComponents } from './vite-mantine-css.ts';

const coreDir = mantineCoreDir(path.resolve(import.meta.dirname, '..'));
const styles = readMantineStyles(coreDir);
const shared = new Set(styles.shared);
const exportNames = [...readFileSync(path.join(coreDir, 'esm/index.mjs'), 'utf8').matchAll(/^export\s*\{([^}]*)\}/gm)]
  .flatMap(([, names]) => names!.split(','))
  .map((name) => name.trim().split(/\s+as\s+/).at(-1)!)
  .filter(Boolean);

describe("Mantine's per-component stylesheets", () => {
  it('finds the dependencies Mantine documents', () => {
    // "Button is based on UnstyledButton"; "Select … is built on top of other components".
    expect(styles.needs('Button')).toEqual(expect.arrayContaining(['UnstyledButton', 'Button']));
    expect(styles.needs('Select')).toEqual(expect.arrayContaining(['Combobox', 'Input', 'Popover']));
    expect(styles.needs('Modal')).toEqual(expect.arrayContaining(['ModalBase', 'Overlay', 'Modal']));
    expect(styles.needs('useMantineTheme')).toEqual([]);
    for (const base of ['UnstyledButton', 'Input', 'Popover', 'ScrollArea']) expect(shared).toContain(base);
    for (const leaf of ['AppShell', 'Badge', 'Card', 'Table']) expect(shared).not.toContain(leaf);
  });

  it('reaches every per-component stylesheet of the package from some export', () => {
    expect(exportNames.length).toBeGreaterThan(300);
    const reached = new Set(exportNames.flatMap((name) => styles.needs(name)));
    const perComponent = readdirSync(path.join(coreDir, 'styles'))
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => path.basename(file, '.css'))
      .filter((name) => !styles.global.includes(name));
    expect(perComponent.length).toBeGreaterThan(90);
    expect(perComponent.filter((name) => !reached.has(name))).toEqual([]);
  });

  it("keeps every export's own stylesheets after the shared ones it needs, as styles.css orders them", () => {
    const misordered = exportNames.filter((name) => {
      const needs = styles.needs(name);
      const lastShared = needs.findLastIndex((n) => shared.has(n));
      const firstOwn = needs.findIndex((n) => !shared.has(n));
      return firstOwn >= 0 && firstOwn < lastShared;
    });
    expect(misordered).toEqual([]);
  });
});

describe('the components a module imports', () => {
  it('reads named imports, skips type-only ones and follows aliases', () => {
    const code = [
      "import { Button, Group as Row, type MantineTheme } from '@mantine/core';",
      "import type { ButtonProps } from '@mantine/core';",
      'import {\n  Card,\n  Badge,\n} from "@mantine/core";',
      "import { useState } from 'react';",
    ].join('\n');
    expect(importedComponents(code)).toEqual(['Button', 'Group', 'Card', 'Badge']);
  });
});
