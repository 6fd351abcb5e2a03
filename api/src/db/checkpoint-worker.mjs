// @ts-check
/**
 * The thread that checkpoints a SQLite database's write-ahead log (checkpointer.ts starts it).
 *
 * Plain JavaScript on purpose: a worker thread loads its file with Node's own loader, whatever runs the
 * process (tsx, Vitest), and this file needs nothing but better-sqlite3.
 *
 * Every `intervalMs` it runs a PASSIVE checkpoint on a connection of its own: it copies the frames
 * committed since the last one into the database file and syncs it, without waiting for (or holding
 * up) the main thread's readers and writers. It tells the main thread when it copied something, and
 * when a checkpoint failed for any reason but another connection checkpointing at the same moment.
 */
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ file: string; intervalMs: number }} */
const { file, intervalMs } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const db = new Database(file, { fileMustExist: true });
// The checkpoint's sync follows the checkpointing connection's setting: the same as the main one's.
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

/** What the last checkpoint found: frames in the log, and how many of them are in the database file. */
let last = { log: 0, checkpointed: 0 };

function run() {
  const started = performance.now();
  try {
    const row = /** @type {{ busy: number; log: number; checkpointed: number }} */ (checkpoint.get());
    const moved = row.checkpointed > 0 && (row.log !== last.log || row.checkpointed !== last.checkpointed);
    last = row;
    if (moved) port.postMessage({ kind: 'checkpoint', logFrames: row.log, checkpointedFrames: row.checkpointed, ms: performance.now() - started });
  } catch (error) {
    // Another process's checkpointer holds the lock for now: it is doing this very work.
    if (/** @type {{ code?: string }} */ (error).code === 'SQLITE_BUSY') return;
    port.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

const timer = setInterval(run, intervalMs);
port.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  run();
  db.close();
  port.close();
});
