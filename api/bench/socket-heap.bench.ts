/**
 * `npm run bench:socket-heap`: V8 heap per connected socket, measured after full garbage collections
 * (the capacity bench's figure, read from /metrics under load, includes garbage not yet collected).
 * OnAir's server (in this process, on SQLite with a tiny seed) and vanilla Socket.IO with
 * connection-state recovery, each holding BENCH_SOCKETS (default 3,000) signed-out sockets opened by
 * a separate client process; BENCH_RUNS (default 3) paired runs, median.
 *
 * Needs --expose-gc: started without it, the bench starts itself again with it.
 */
import { fork, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { createTestApp, listen, TINY_SEED } from '../test/support/app.ts';
import { median } from '../../test-support/stats.ts';
import { fmt } from './support.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 3000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;

if (!gc) {
  const again = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(again.status ?? 1);
}

function collectedHeap(): number {
  // Several passes: weak references and finalizers free more on the next one.
  for (let i = 0; i < 4; i += 1) gc!();
  return process.memoryUsage().heapUsed;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Heap growth per socket while `count` sockets from another process are connected to `url`. */
async function heapPerSocket(url: string, connected: () => number): Promise<number> {
  await settle(500);
  const before = collectedHeap();
  const clients = fork(fileURLToPath(new URL('./socket-heap-clients.ts', import.meta.url)), [url, String(SOCKETS)], { execArgv: ['--import', 'tsx'] });
  await new Promise((resolve, reject) => {
    clients.once('message', resolve);
    clients.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
  });
  await settle(2000);
  if (connected() !== SOCKETS) throw new Error(`expected ${SOCKETS} sockets, the server holds ${connected()}`);
  const after = collectedHeap();
  clients.removeAllListeners('exit');
  clients.send('go');
  await new Promise((resolve) => clients.once('exit', resolve));
  return (after - before) / SOCKETS;
}

async function onair(): Promise<number> {
  const t = await createTestApp('sqlite', { seed: TINY_SEED, env: { SOCKETS_PER_IP: String(SOCKETS * 2) } });
  try {
    return await heapPerSocket(await listen(t), () => t.app.io.engine.clientsCount);
  } finally {
    await t.close();
  }
}

async function vanilla(): Promise<number> {
  const server = http.createServer();
  const io = new Server(server, { connectionStateRecovery: {} });
  // As OnAir's lobby: every socket is in one room.
  io.on('connection', (socket) => void socket.join('lobby'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await heapPerSocket(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, () => io.engine.clientsCount);
  } finally {
    await new Promise((resolve) => io.close(resolve));
  }
}


const ours: number[] = [];
const theirs: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  ours.push(await onair());
  theirs.push(await vanilla());
}
const kib = (bytes: number) => `${fmt(bytes / 1024)} KiB`;
console.log(`heap per socket after GC, ${SOCKETS} signed-out sockets, median of ${RUNS} paired runs`);
console.log(`  OnAir                                    ${kib(median(ours))}  (runs: ${ours.map(kib).join(', ')})`);
console.log(`  vanilla Socket.IO with state recovery    ${kib(median(theirs))}  (runs: ${theirs.map(kib).join(', ')})`);
console.log(`  ratio ${(median(ours) / median(theirs)).toFixed(2)}`);
process.exit(0);
