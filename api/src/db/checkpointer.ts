/**
 * SQLite checkpoints off the event loop.
 *
 * In WAL mode a commit appends to the log; now and then the log's pages are copied back into the
 * database file and the file synced (a checkpoint). By default SQLite does that inside the commit that
 * takes the log past 1,000 pages, and better-sqlite3 is synchronous, so that commit held the whole API
 * process for the copy and the sync: every second or two under a chat's writes, for 15 ms and more on
 * a virtual disk. The chat bench saw it as the tail: with one listener at 100 messages a second, p99
 * 22–24 ms against 7 ms with the automatic checkpoint off.
 *
 * So the API's connection does not checkpoint; a worker thread does (checkpoint-worker.mjs), on its
 * own connection, every `intervalMs`, without blocking the main thread's readers or writers. Should
 * the thread fail, the connection goes back to SQLite's automatic checkpoints, so the log never grows
 * without bound.
 */
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** SQLite's own threshold (pages), restored should the thread fail. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** How long `stop` waits for the thread's last checkpoint before ending it. */
const STOP_TIMEOUT_MS = 5000;

export interface CheckpointOptions {
  /** How often the thread checkpoints (default 500 ms: at most that much of the log waits). */
  intervalMs?: number;
  /**
   * Each checkpoint that found new frames, as SQLite reports it: the log's frames and how many of them
   * are now in the database file (both count from the log's last restart), and how long it took.
   */
  onCheckpoint?: (checkpoint: Checkpoint) => void;
  /** A failure of the thread; by default a warning on the console. */
  onError?: (message: string) => void;
}

export interface Checkpoint {
  logFrames: number;
  checkpointedFrames: number;
  ms: number;
}

type WorkerMessage = ({ kind: 'checkpoint' } & Checkpoint) | { kind: 'error'; message: string };

export class BackgroundCheckpoints {
  private readonly worker: Worker;
  private readonly exited: Promise<unknown>;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly sqlite: SQLite.Database,
    file: string,
    options: CheckpointOptions = {},
  ) {
    const onError = options.onError ?? ((message) => console.warn(`sqlite checkpoints: ${message}`));
    sqlite.pragma('wal_autocheckpoint = 0');
    this.worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
      workerData: { file, intervalMs: options.intervalMs ?? 500 },
      // Its own loader, not the process's (tsx, Vitest): the file is plain JavaScript.
      execArgv: [],
    });
    // Not events.once: it would reject on the thread's 'error', which is handled below. However the
    // thread ends (stopped, failed), the connection checkpoints by itself from then on.
    this.exited = new Promise((resolve) => this.worker.once('exit', resolve)).then(() => this.fallBack());
    // The thread never keeps the process alive; `stop` ends it on a clean shutdown.
    this.worker.unref();
    this.worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'checkpoint') options.onCheckpoint?.({ logFrames: message.logFrames, checkpointedFrames: message.checkpointedFrames, ms: message.ms });
      else onError(message.message);
    });
    this.worker.on('error', (error) => {
      onError(`the checkpoint thread failed (${error.message}); SQLite checkpoints inside commits again`);
    });
  }

  /** Back to SQLite's automatic checkpoints (the thread is gone), while the connection is open. */
  private fallBack() {
    if (this.sqlite.open) this.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }

  /** A last checkpoint, then the thread ends. Safe to call twice. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      this.worker.postMessage('stop');
      const timeout = new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
      if ((await Promise.race([this.exited.then(() => 'exited'), timeout])) !== 'exited') await this.worker.terminate();
      await this.exited;
    })();
    return this.stopped;
  }
}
