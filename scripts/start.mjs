#!/usr/bin/env node
/**
 * `npm start`: builds the web app when it is missing or older than its sources, then runs the API,
 * which migrates the database, seeds demo data on first start and serves everything on PORT (3000).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from './api-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'e2e') continue;
      newest = Math.max(newest, newestMtime(full));
    } else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const builtIndex = path.join(root, 'dist/web/index.html');
const sources = Math.max(newestMtime(path.join(root, 'web')), newestMtime(path.join(root, 'protocol/src')));
if (!existsSync(builtIndex) || statSync(builtIndex).mtimeMs < sources) {
  console.log('Building the web app…');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const api = spawn(process.execPath, [...API_NODE_FLAGS, '--import', 'tsx', path.join(root, 'scripts/api.ts')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
