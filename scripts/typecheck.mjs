// `npm run typecheck`: every TypeScript project of the repository, checked by tsc. The projects are
// independent (none emits), so they run side by side, as many at a time as there are cores: one after
// the other they took two minutes of CI on a 2-core machine, most of it one core waiting on the other.
// Each project's output is printed whole when it ends; the exit code is non-zero when any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';

// Longest first, so the last to start is a short one (times on a 2-core machine: 34, 28, 26, 21, 8, 5 s).
const PROJECTS = ['api', 'workers', 'tsconfig.json', 'web', 'web/e2e', 'protocol'];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const lanes = Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, async () => {
  let ok = true;
  for (let project = queue.shift(); project !== undefined; project = queue.shift()) ok = (await check(project)) && ok;
  return ok;
});
const results = await Promise.all(lanes);
process.exitCode = results.every(Boolean) ? 0 : 1;
