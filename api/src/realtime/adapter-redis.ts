/**
 * The Redis connection the Socket.IO streams adapter publishes on. The adapter subscribes on a copy of
 * it (`duplicate()`) without waiting for Redis's answer or catching a failure: a node closed before
 * that answer came (one stopped as it starts, as tests do) failed the SUBSCRIBE as it hung up, an
 * unhandled rejection ("Connection is closed.") that takes a Node process down. The copies made from
 * this connection catch it; there is nothing to do about a subscription a closing node no longer needs.
 */
import type { Redis } from 'ioredis';

/** Named, so that `CLIENT LIST` tells the adapter's connections (its copies keep the name) from the rest. */
export function adapterConnection(redis: Redis, name: string): Redis {
  // Redis refuses a name with spaces or control characters, which a prefix may hold.
  const connection = redis.duplicate({ connectionName: name.replace(/[^\x21-\x7e]/g, '_') });
  const duplicate = connection.duplicate.bind(connection);
  connection.duplicate = (override) => {
    const copy = duplicate(override);
    const subscribe = copy.subscribe.bind(copy) as (...channels: unknown[]) => Promise<unknown>;
    copy.subscribe = ((...channels: unknown[]) => {
      const subscribed = subscribe(...channels);
      subscribed.catch(() => undefined);
      return subscribed;
    }) as Redis['subscribe'];
    return copy;
  };
  return connection;
}
