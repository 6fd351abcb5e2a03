/**
 * Before anything else uses Redis (queues, the socket adapter, rate limits), one probe says in one
 * line whether it can be reached. Without it, an unreachable REDIS_URL meant dozens of connection
 * errors from every client and a start that timed out ("Plugin did not start in time"), or a worker
 * process that waited silently. The API and `npm run workers` both call this.
 */
import { Redis } from 'ioredis';

export class RedisUnreachableError extends Error {
  override name = 'RedisUnreachableError';
}

/** The URL without its password, for messages. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL (not a valid URL)';
  }
}

function reasonOf(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return e?.code ?? e?.message ?? String(error);
}

export interface RedisCheckOptions {
  /** Keep trying (one line per attempt) instead of failing at the first refusal. */
  wait?: boolean;
  /** How long one attempt may take. */
  timeoutMs?: number;
  retryEveryMs?: number;
  log?: (line: string) => void;
}

/** Resolves once Redis answers PING; rejects with a one-line RedisUnreachableError otherwise. */
export async function checkRedisReachable(url: string, options: RedisCheckOptions = {}): Promise<void> {
  const { wait = false, timeoutMs = 3000, retryEveryMs = 2000, log = (line) => console.warn(line) } = options;
  for (let attempt = 1; ; attempt++) {
    const probe = new Redis(url, {
      lazyConnect: true,
      connectTimeout: timeoutMs,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    // Errors are reported once below, not as unhandled 'error' events; the socket's error (ECONNREFUSED,
    // ENOTFOUND, ...) says more than the "Connection is closed" the connect promise rejects with.
    let socketError: unknown;
    probe.on('error', (error) => (socketError ??= error));
    try {
      await Promise.race([
        probe.connect().then(() => probe.ping()),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs).unref()),
      ]);
      probe.disconnect();
      return;
    } catch (error) {
      probe.disconnect();
      const line = `Cannot reach Redis at ${describeRedisUrl(url)}: ${reasonOf(socketError ?? error).replace(/\.+$/, '')}`;
      if (!wait) throw new RedisUnreachableError(`${line}. Start Redis, fix REDIS_URL, unset it to run without Redis, or set REDIS_WAIT=true to keep retrying.`);
      log(`${line}; retrying in ${Math.round(retryEveryMs / 1000)} s (attempt ${attempt}, REDIS_WAIT=true)`);
      await new Promise((resolve) => setTimeout(resolve, retryEveryMs));
    }
  }
}
