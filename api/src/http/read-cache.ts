/**
 * Hot public reads served from memory: the home grid's `GET /api/content` and the landing page's
 * `GET /api/public/stats` are asked by every visitor, and their answers change far less often than
 * they are asked. What is kept is up to the route: ready JSON, or JSON parts it completes per request
 * with figures that move faster than any cache (live viewer counts).
 *
 * An answer is kept until a write to one of the tables it reads (seen by the database's WriteWatch,
 * so no write path has to remember the cache) or until `ttlMs` passes, whichever comes first. The
 * lifetime bounds what the watch cannot see: counters that move with every view (kept out of the
 * watched tables on purpose, or each view would empty the cache), live viewer counts held in memory,
 * and other API nodes' writes when there is no Redis to relay them (db/write-relay.ts). A write inside
 * a transaction is seen when it commits, so an answer computed while it was pending is not kept.
 * Concurrent misses of one key share a single computation.
 */
import type { WriteWatch } from '../db/write-watch.ts';

interface Entry<V> {
  value: V;
  generation: number;
  expiresAt: number;
}

export interface ReadCacheOptions {
  /** Database tables (snake_case, as the database names them) whose writes make the answers stale. */
  tables: readonly string[];
  ttlMs: number;
  /** Distinct keys kept; beyond it the cache starts over (keys come from query strings). */
  maxKeys?: number;
  now?: () => number;
}

export class ReadCache<V> {
  private entries = new Map<string, Entry<V>>();
  private computing = new Map<string, Promise<V>>();
  /** Bumped by each write to a watched table: entries of an older generation are stale. */
  private generation = 0;
  private readonly stopWatching: () => void;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(
    writes: WriteWatch,
    private readonly options: ReadCacheOptions,
  ) {
    const watched = new Set(options.tables);
    writes.watch(options.tables);
    this.now = options.now ?? Date.now;
    this.stopWatching = writes.onWrite((tables) => {
      if (tables.some((t) => watched.has(t))) this.generation += 1;
    });
  }

  /** `compute()`'s answer for `key`, from memory while it is fresh. */
  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.generation === this.generation && entry.expiresAt > this.now()) {
      this.hits += 1;
      return entry.value;
    }
    const running = this.computing.get(key);
    if (running) return running;
    this.misses += 1;
    const started = this.generation;
    const computation = compute()
      .then((value) => {
        // A write during the computation may or may not be in the answer: serve it, keep it not.
        if (this.generation === started) {
          if (this.entries.size >= (this.options.maxKeys ?? 256)) this.entries.clear();
          this.entries.set(key, { value, generation: started, expiresAt: this.now() + this.options.ttlMs });
        }
        return value;
      })
      .finally(() => this.computing.delete(key));
    this.computing.set(key, computation);
    return computation;
  }

  close() {
    this.stopWatching();
    this.entries.clear();
  }
}
