#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another. Each prints its figures; none fails on time.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = ['api/bench', 'workers/bench', 'web/bench']
  .filter((dir) => existsSync(path.join(root, dir)))
  .flatMap((dir) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.bench.ts')).map((f) => path.join(dir, f)));
let failed = 0;
for (const bench of benches) {
  console.log(`\n### ${bench}`);
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), bench], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
