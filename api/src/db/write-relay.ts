/**
 * Other API processes' writes, seen here. With Redis, each process publishes the tables it writes that
 * some read cache watches (coalesced per event-loop turn), and hands its peers' to its WriteWatch, so a
 * cache on one process is dropped when another process changes what it holds: a cluster's processes
 * answer alike within milliseconds instead of within a cache's lifetime.
 *
 * Writes are published once committed (write-watch.ts), so a peer that recomputes on the message reads
 * the new rows. The caches' lifetime stays the backstop for a message lost while Redis reconnects.
 */
import type { Redis } from 'ioredis';
import type { WriteWatch } from './write-watch.ts';

interface WriteMessage {
  node: string;
  tables: string[];
}

function parse(message: string): WriteMessage | null {
  try {
    const parsed = JSON.parse(message) as Partial<WriteMessage>;
    if (typeof parsed.node !== 'string' || !Array.isArray(parsed.tables)) return null;
    return { node: parsed.node, tables: parsed.tables.filter((t): t is string => typeof t === 'string') };
  } catch {
    return null;
  }
}

export function relayWrites(writes: WriteWatch, redis: Redis, channel: string, nodeId: string): { close(): void } {
  let pending: Set<string> | null = null;
  const flush = () => {
    const message: WriteMessage = { node: nodeId, tables: [...(pending ?? [])] };
    pending = null;
    redis.publish(channel, JSON.stringify(message)).catch(() => undefined);
  };
  const stopWatching = writes.onWrite((tables, origin) => {
    if (origin === 'remote') return;
    for (const table of tables) {
      if (!writes.watchedTables.has(table)) continue;
      if (!pending) {
        pending = new Set();
        setImmediate(flush);
      }
      pending.add(table);
    }
  });

  // A subscribed connection can do nothing else: it gets one of its own.
  const subscriber = redis.duplicate();
  subscriber.on('message', (_channel, raw: string) => {
    const message = parse(raw);
    if (message && message.node !== nodeId && message.tables.length > 0) writes.applyRemote(message.tables);
  });
  subscriber.subscribe(channel).catch(() => undefined);

  return {
    close() {
      stopWatching();
      subscriber.disconnect();
    },
  };
}
