/**
 * Real socket.io-client connections to a listening test server, carrying a session cookie like a
 * browser, plus small helpers to await an event or an acknowledgement.
 */
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@onair/protocol';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const open: ClientSocket[] = [];

/** A connected socket, WebSocket from the start unless `transports` says otherwise; closed by closeAllSockets. */
export async function connectSocket(baseUrl: string, cookie?: string, transports: ('polling' | 'websocket')[] = ['websocket']): Promise<ClientSocket> {
  const socket: ClientSocket = connect(baseUrl, {
    transports,
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

export function closeAllSockets() {
  for (const s of open.splice(0)) s.disconnect();
}

/**
 * Resolves with the next event of that name that passes `where`, or fails after `timeoutMs`. The
 * default is long for an event that normally comes in milliseconds: on a 2-core machine running two
 * suites at once (load average near 30), a stream's start announcement and a poll's tally took more
 * than 3 s to arrive; an event that never comes fails the test all the same, only later.
 */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  where: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler as never);
      reject(new Error(`no ${String(event)} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!where(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler as never);
      resolve(payload);
    };
    socket.on(event, handler as never);
  });
}

/** Collects every event of that name until stopped. */
export function collect<E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) {
  const seen: Parameters<ServerToClientEvents[E]>[0][] = [];
  const handler = (payload: Parameters<ServerToClientEvents[E]>[0]) => seen.push(payload);
  socket.on(event, handler as never);
  return { seen, stop: () => socket.off(event, handler as never) };
}

type AckedEvent = 'chat:send' | 'poll:vote' | 'content:watch';
type AckOf<E extends AckedEvent> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];

export function emitWithAck<E extends AckedEvent>(
  socket: ClientSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<AckOf<E>> {
  return (socket.timeout(5000) as unknown as { emitWithAck: (e: string, p: unknown) => Promise<never> }).emitWithAck(event, payload);
}
