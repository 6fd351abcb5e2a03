/**
 * A load generator's Socket.IO client: the Socket.IO v5 protocol (Engine.IO 4) spoken straight over
 * one `ws` WebSocket, text packets only. socket.io-client costs the bench process several times the
 * CPU of this per delivery (its Manager, Engine.IO Socket, emitter chain and parser per packet), so
 * with thousands of sockets the client, not the server, set the latency the bench printed.
 *
 * It does what the benchmarks need and nothing more: connect (with a cookie), answer pings, emit
 * with or without an acknowledgement, and hand each event's raw text to one listener, which parses
 * only what it reads. No reconnection, no buffering, no binary.
 */
import WebSocket from 'ws';

/** Engine.IO packet types (first character of a frame). */
const EIO_OPEN = '0';
const EIO_CLOSE = '1';
const EIO_PING = '2';
const EIO_PONG = '3';
const EIO_MESSAGE = '4';
/** Socket.IO packet types (second character of a message frame). */
const SIO_CONNECT = '0';
const SIO_EVENT = '2';
const SIO_ACK = '3';
const SIO_CONNECT_ERROR = '4';

export interface LightSocket {
  /** Sends `42["event",payload]` and does not wait. */
  emit(event: string, payload: unknown): void;
  /** Sends with an acknowledgement id and resolves with the first argument the server acknowledges. */
  emitWithAck<T = unknown>(event: string, payload: unknown, timeoutMs?: number): Promise<T>;
  /**
   * One listener for every server event: called with the event's name and the raw JSON of the
   * packet (`["name",arg,...]`), so a listener can slice out a field without parsing every delivery.
   */
  onEvent(listener: (name: string, raw: string) => void): void;
  close(): void;
}

/** Event name of a raw event array: `["chat:message",{...}]` → `chat:message`. */
function eventName(raw: string): string {
  const end = raw.indexOf('"', 2);
  return raw.slice(2, end);
}

/** Connects to the main namespace of the Socket.IO server at `url` (http://host:port). */
export function connectLight(url: string, options: { cookie?: string; timeoutMs?: number } = {}): Promise<LightSocket> {
  const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(wsUrl, { headers: options.cookie ? { cookie: options.cookie } : {}, perMessageDeflate: false });
  let nextAckId = 0;
  const acks = new Map<number, (arg: unknown) => void>();
  let listener: (name: string, raw: string) => void = () => undefined;

  const socket: LightSocket = {
    emit(event, payload) {
      ws.send(`${EIO_MESSAGE}${SIO_EVENT}${JSON.stringify([event, payload])}`);
    },
    emitWithAck<T>(event: string, payload: unknown, timeoutMs = 60_000) {
      const id = nextAckId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          acks.delete(id);
          reject(new Error(`${event}: no acknowledgement within ${timeoutMs} ms`));
        }, timeoutMs);
        acks.set(id, (arg) => {
          clearTimeout(timer);
          resolve(arg as T);
        });
        ws.send(`${EIO_MESSAGE}${SIO_EVENT}${id}${JSON.stringify([event, payload])}`);
      });
    },
    onEvent(next) {
      listener = next;
    },
    close() {
      ws.close();
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('Socket.IO connect timed out'));
    }, options.timeoutMs ?? 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    ws.once('error', fail);
    ws.on('message', (data) => {
      const frame = String(data);
      switch (frame[0]) {
        case EIO_PING:
          ws.send(EIO_PONG);
          return;
        case EIO_OPEN:
          // Engine.IO is open: join the main namespace (the cookie travelled with the upgrade).
          ws.send(`${EIO_MESSAGE}${SIO_CONNECT}`);
          return;
        case EIO_CLOSE:
          ws.close();
          return;
        case EIO_MESSAGE:
          break;
        default:
          return;
      }
      const type = frame[1];
      if (type === SIO_EVENT) {
        listener(eventName(frame.slice(2)), frame.slice(2));
      } else if (type === SIO_ACK) {
        const open = frame.indexOf('[', 2);
        const id = Number(frame.slice(2, open));
        const args = JSON.parse(frame.slice(open)) as unknown[];
        acks.get(id)?.(args[0]);
        acks.delete(id);
      } else if (type === SIO_CONNECT) {
        clearTimeout(timer);
        ws.off('error', fail);
        ws.on('error', () => undefined);
        resolve(socket);
      } else if (type === SIO_CONNECT_ERROR) {
        fail(new Error(`Socket.IO refused the connection: ${frame.slice(2)}`));
        ws.close();
      }
    });
  });
}

/** Opens `count` sockets, `batch` at a time (a burst of thousands of upgrades would meet the accept backlog). */
export async function connectMany(url: string, count: number, batch = 100, cookieOf?: (i: number) => string | undefined): Promise<LightSocket[]> {
  const sockets: LightSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    const size = Math.min(batch, count - i);
    sockets.push(...(await Promise.all(Array.from({ length: size }, (_, k) => connectLight(url, { cookie: cookieOf?.(i + k) })))));
  }
  return sockets;
}
