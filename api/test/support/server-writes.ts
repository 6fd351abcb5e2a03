/**
 * The server's side of a test client's connection: its Socket.IO socket, the TCP socket under its
 * WebSocket, and every chunk written there, for tests of how a frame goes out.
 */
import type { Socket as NetSocket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ClientSocket } from './sockets.ts';

export function serverSocketOf(app: FastifyInstance, client: ClientSocket) {
  const socket = app.io.sockets.sockets.get(client.id!);
  if (!socket) throw new Error('no server socket for the client');
  return socket;
}

export function serverTcpOf(app: FastifyInstance, client: ClientSocket): NetSocket {
  return (serverSocketOf(app, client).conn.transport as unknown as { socket: { _socket: NetSocket } }).socket._socket;
}

/** Every chunk the server writes to this client's TCP socket from now on. */
export function watchWrites(app: FastifyInstance, client: ClientSocket): Buffer[] {
  const tcp = serverTcpOf(app, client);
  const written: Buffer[] = [];
  const write = tcp.write.bind(tcp) as (chunk: unknown, ...rest: unknown[]) => boolean;
  tcp.write = ((chunk: unknown, ...rest: unknown[]) => {
    written.push(Buffer.from(chunk as Buffer));
    return write(chunk, ...rest);
  }) as typeof tcp.write;
  return written;
}
