/**
 * Hot counters (viewer counts, poll tallies) change on every join and vote; pushing each change would
 * flood a busy room. A coalescer collects the keys that changed and flushes each at most once per
 * interval, with the latest state read at flush time.
 */
export interface Coalescer<K> {
  mark(key: K): void;
  /** Flushes what is pending now (shutdown, tests). */
  flushNow(): Promise<void>;
  stop(): void;
}

export function createCoalescer<K>(intervalMs: number, flush: (key: K) => Promise<void>): Coalescer<K> {
  const pending = new Set<K>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const run = async () => {
    timer = null;
    const keys = [...pending];
    pending.clear();
    await Promise.all(keys.map((k) => flush(k).catch(() => undefined)));
  };

  return {
    mark(key) {
      if (stopped) return;
      pending.add(key);
      timer ??= setTimeout(() => void run(), intervalMs);
    },
    async flushNow() {
      if (timer) clearTimeout(timer);
      await run();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      pending.clear();
    },
  };
}
