import type { FastifyInstance } from 'fastify';
import type { Ack } from '@onair/protocol';
import type { UserRow } from '../db/schema.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { assertNoNulCharacter } from '../http/validate.ts';
import type { AppSocket } from './types.ts';

/**
 * Runs a socket write and acknowledges it the way REST would answer: the stored record, or the status
 * and sentence of the error. Unexpected failures are logged and acknowledged as a 500 without details.
 */
export async function acknowledge<T>(app: FastifyInstance, ack: unknown, work: () => Promise<T>): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as (result: Ack<T>) => void) : () => undefined;
  try {
    reply({ ok: true, data: await work() });
  } catch (error) {
    if (error instanceof HttpError) return reply({ ok: false, status: error.statusCode, error: error.message });
    app.log.error({ err: error }, 'socket handler failed');
    app.serverErrors.push({ at: Date.now(), message: (error as Error).message, resolved: false });
    reply({ ok: false, status: 500, error: 'Something went wrong on our side' });
  }
}

/** The socket's user as it is now (socket-users.ts), so that a suspension since connecting takes effect at once. */
export async function requireSocketUser(app: FastifyInstance, socket: AppSocket, message: string): Promise<UserRow> {
  const user = socket.data.userId ? await app.socketUsers.find(socket.data.userId) : null;
  if (!user || user.status !== 'active') throw unauthorized(message);
  return user;
}

/**
 * Packet middleware, the socket twin of the HTTP preValidation hook: an event whose payload holds a
 * NUL character is answered 400 (when it asks for an acknowledgement) and never reaches its handler.
 */
export function refuseNulCharacters([, ...args]: unknown[], next: (error?: Error) => void): void {
  try {
    for (const arg of args) if (typeof arg !== 'function') assertNoNulCharacter(arg, 'input');
  } catch (error) {
    const ack = args.at(-1);
    if (typeof ack === 'function' && error instanceof HttpError) ack({ ok: false, status: error.statusCode, error: error.message } satisfies Ack<never>);
    return;
  }
  next();
}
