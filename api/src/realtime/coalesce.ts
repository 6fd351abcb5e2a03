/**
 * Hot counters (viewer counts, poll tallies) change on every join and vote; pushing each change would
 * flood a busy room. A coalescer collects the keys that changed and flushes each at most once per
 * interval, with the latest state read at flush time. The interval may depend on the key: a room's
 * push costs a write to every socket in it, so a big room can be given a longer one.
 */
export interface Coalescer<K> {
  mark(key: K): void;
  /** Flushes what is pending now (shutdown, tests). */
  flushNow(): Promise<void>;
  stop(): void;
}

export function createCoalescer<K>(interval: number | ((key: K) => number), flush: (key: K) => Promise<void>): Coalescer<K> {
  const intervalOf = typeof interval === 'number' ? () => interval : interval;
  /** Keys marked since their last flush, each with the timer of its next one. */
  const pending = new Map<K, NodeJS.Timeout>();
  let stopped = false;

  const run = async (key: K) => {
    pending.delete(key);
    await flush(key).catch(() => undefined);
  };

  return {
    mark(key) {
      if (stopped || pending.has(key)) return;
      pending.set(key, setTimeout(() => void run(key), intervalOf(key)));
    },
    async flushNow() {
      const keys = [...pending.keys()];
      for (const timer of pending.values()) clearTimeout(timer);
      await Promise.all(keys.map(run));
    },
    stop() {
      stopped = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}
