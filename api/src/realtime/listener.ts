import type { ClientToServerEvents } from '@onair/protocol';
import type { AppSocket } from './types.ts';

/**
 * A listener for a client event, made once per server and shared by every socket: Node's emitter calls
 * it with the socket as `this`. A node holds 10,000 sockets and more, so each socket pays for a slot in
 * its listener table, not for closures of its own (bench:socket-heap measures the difference).
 */
export type SharedListener<E extends keyof ClientToServerEvents> = (this: AppSocket, ...args: Parameters<ClientToServerEvents[E]>) => void;
