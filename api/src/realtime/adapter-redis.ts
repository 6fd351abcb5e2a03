/**
 * The Redis connection the Socket.IO streams adapter publishes on. The adapter sends some commands
 * without waiting for Redis's answer or catching a failure: the PUBLISH of a server-side emit, the SET
 * of a disconnected socket's recovery session, and the SUBSCRIBE on its own copy of this connection
 * (`duplicate()`). One that fails (the node closing before its answer came, as a node stopped right
 * after it started does) was an unhandled rejection ("Connection is closed."), which ends a Node
 * process. Here those calls catch their failure: the writes' is logged, the subscription's, which only
 * a closing node loses, is not.
 */
import type { Redis } from 'ioredis';

type Call = (...args: unknown[]) => Promise<unknown>;

/** Makes `client[method]` catch what its promise rejects with (the caller still gets the promise). */
function catchFailures(client: Redis, method: 'publish' | 'set' | 'subscribe', onFailure: (error: unknown) => void) {
  const call = (client[method] as unknown as Call).bind(client);
  (client as unknown as Record<string, Call>)[method] = (...args) => {
    const answered = call(...args);
    answered.catch(onFailure);
    return answered;
  };
}

/** Named, so that `CLIENT LIST` tells the adapter's connections (its copies keep the name) from the rest. */
export function adapterConnection(redis: Redis, name: string, onWriteFailure: (error: unknown) => void): Redis {
  // Redis refuses a name with spaces or control characters, which a prefix may hold.
  const connection = redis.duplicate({ connectionName: name.replace(/[^\x21-\x7e]/g, '_') });
  catchFailures(connection, 'publish', onWriteFailure);
  catchFailures(connection, 'set', onWriteFailure);
  const duplicate = connection.duplicate.bind(connection);
  connection.duplicate = (override) => {
    const copy = duplicate(override);
    catchFailures(copy, 'subscribe', () => undefined);
    return copy;
  };
  return connection;
}
