#!/usr/bin/env node
/**
 * `npm run check:deps`: fails on a circular import inside the sources (madge), and on packages that
 * depend on each other: each workspace's `src` may import only the workspaces its package.json lists,
 * and those dependencies must form a tree (protocol ← api ← workers; web on protocol).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaces = ['protocol', 'api', 'workers', 'web'];
const problems = [];

// 1. Workspace dependencies: listed ones form no cycle, and src imports only what is listed.
const manifests = new Map(workspaces.map((dir) => [dir, JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'))]));
const dirOf = new Map([...manifests].map(([dir, m]) => [m.name, dir]));
const deps = new Map([...manifests].map(([dir, m]) => [dir, Object.keys({ ...m.dependencies, ...m.devDependencies }).filter((n) => dirOf.has(n)).map((n) => dirOf.get(n))]));
function visit(dir, trail) {
  if (trail.includes(dir)) return problems.push(`packages depend on each other: ${[...trail.slice(trail.indexOf(dir)), dir].join(' → ')}`);
  for (const next of deps.get(dir)) visit(next, [...trail, dir]);
}
for (const dir of workspaces) visit(dir, []);
function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) yield full;
  }
}
for (const dir of workspaces) {
  for (const file of sources(path.join(root, dir, 'src'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](@onair\/[a-z-]+)/g)) {
      const target = dirOf.get(name);
      if (target && target !== dir && !deps.get(dir).includes(target)) problems.push(`${path.relative(root, file)} imports ${name}, which ${dir}/package.json does not list`);
    }
  }
}

// 2. Circular imports between source files (madge).
try {
  execFileSync(process.execPath, [path.join(root, 'node_modules/madge/bin/cli.js'), '--circular', '--no-spinner', '--extensions', 'ts,tsx', '--ts-config', 'tsconfig.json', ...workspaces.map((d) => `${d}/src`)], { cwd: root, stdio: 'inherit' });
} catch {
  problems.push('madge found circular imports (listed above)');
}

if (problems.length) {
  for (const p of problems) console.error(`check:deps: ${p}`);
  process.exit(1);
}
console.log('check:deps: packages form a tree; no circular imports');
