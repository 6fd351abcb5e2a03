/**
 * Starts the real API entry point (`scripts/api.ts`) as a child process, as an operator would, and
 * waits until it answers. Used by the scale-out test and the browser tests' harness.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../scripts/api-node-flags.mjs';
import { STOP_GRACE_MS } from '../api/src/cluster-primary.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function startApiProcess(env: Record<string, string>, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<ApiProcess> {
  const port = await freePort();
  // The RTMP ingest too gets a free port unless the test names one: the default (1935) is taken by any
  // OnAir running on the machine (a developer's `npm start`), which failed every browser test's start.
  const rtmpPort = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', path.join(REPO_ROOT, 'scripts/api.ts')], {
    cwd: REPO_ROOT,
    // PUBLIC_URL is the origin the process is reached at: browsers' requests from it pass the origin check.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, RTMP_PORT: String(rtmpPort), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    // A cluster's primary says so once every API process is serving.
    if (ok && (Number(env.API_PROCESSES ?? 1) <= 1 || output.includes(' API processes '))) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`API did not answer within ${timeoutMs} ms:\n${output}`);
  }
  // A cluster's primary first gives its processes STOP_GRACE_MS to close: wait that out before killing it.
  const graceMs = Number(env.API_PROCESSES ?? 1) > 1 ? STOP_GRACE_MS + 5000 : undefined;
  return { url, child, output: () => output, stop: () => stopProcess(child, graceMs) };
}

/** SIGTERM, then SIGKILL if the process has not left within `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
