/**
 * The one Socket.IO connection of the app, typed with the protocol's event maps. It carries the
 * session cookie (same origin), so the server knows who it is; it is opened for a signed-in user and
 * replaced when the user changes. `useConnectionStatus` drives the shell's connection indicator and
 * tells live queries whether to poll. The client library is loaded with the first connection, so
 * signed-out visitors never download it.
 */
import type { Socket } from 'socket.io-client';
import { create } from 'zustand';
import type { ClientToServerEvents, ServerToClientEvents } from '@onair/protocol';
import { deviceId } from './device-id';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectionStatus = 'offline' | 'connecting' | 'connected' | 'reconnecting';

interface ConnectionState {
  status: ConnectionStatus;
  /** Bumped on every (re)connection that could not replay missed events: live data must resync. */
  resyncs: number;
}

export const useConnectionStatus = create<ConnectionState>(() => ({ status: 'offline', resyncs: 0 }));

let socket: AppSocket | null = null;
let socketUserId: number | null = null;
let connectingTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;

/**
 * How long a first connection may take before the shell says pages are polling. A transport that
 * hangs (a proxy that swallows WebSockets) only errors after socket.io's 20 s timeout; live queries
 * poll from the start, so the badge should not say "Connecting" all that while.
 */
export const CONNECT_GRACE_MS = 4000;

function setStatus(status: ConnectionStatus) {
  useConnectionStatus.setState({ status });
}

/** Opens (or keeps) the connection for this user; closes it when signed out. */
export function connectFor(userId: number | null): void {
  if (userId !== null && userId === socketUserId) return;
  pausedOffline = false;
  socket?.disconnect();
  socket = null;
  socketUserId = userId;
  // A connection asked for while the library still loads is dropped if the user changed meanwhile.
  const attempt = ++attempts;
  if (connectingTimer) clearTimeout(connectingTimer);
  connectingTimer = null;
  if (userId === null) {
    setStatus('offline');
    return;
  }
  setStatus('connecting');
  connectingTimer = setTimeout(() => {
    connectingTimer = null;
    if (attempt === attempts && useConnectionStatus.getState().status === 'connecting') setStatus('reconnecting');
  }, CONNECT_GRACE_MS);
  import('socket.io-client').then(
    ({ io }) => {
      if (attempt === attempts) socket = open(io);
    },
    // The library could not be fetched (offline): live queries keep polling; the next sign-in retries.
    () => {
      if (attempt !== attempts) return;
      socketUserId = null;
      setStatus('offline');
    },
  );
}

function open(io: typeof import('socket.io-client').io): AppSocket {
  const device = deviceId();
  // WebSocket first; where a network blocks it, long-polling (a clustered server offers WebSocket only,
  // and there the REST polling of live queries carries on).
  const next: AppSocket = io({ withCredentials: true, transports: ['websocket', 'polling'], tryAllTransports: true, auth: device ? { deviceId: device } : {} });
  next.on('connect', () => {
    setStatus('connected');
    // A recovered connection got the events it missed; a fresh one must refetch what it shows.
    if (!next.recovered) useConnectionStatus.setState((s) => ({ resyncs: s.resyncs + 1 }));
  });
  next.on('disconnect', () => setStatus(next.active ? 'reconnecting' : 'offline'));
  next.on('connect_error', () => setStatus(next.active ? 'reconnecting' : 'offline'));
  return next;
}

/**
 * Opens a new connection for the same user: after the session rotates (password change) the old
 * socket belongs to a session that has ended, and the server cuts it.
 */
export function reconnectSocket(): void {
  const userId = socketUserId;
  connectFor(null);
  connectFor(userId);
}

export function getSocket(): AppSocket | null {
  return socket;
}

/**
 * The browser going offline closes the connection at once, and coming back opens it again. Socket.IO
 * notices a dead network only after its ping timeout (about 25 s), and its client skips the browser's
 * offline event on localhost; meanwhile the header said "Live" and sends waited on a dead socket.
 */
let pausedOffline = false;
if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    if (!socket?.active) return;
    pausedOffline = true;
    socket.disconnect();
  });
  window.addEventListener('online', () => {
    if (!pausedOffline) return;
    pausedOffline = false;
    socket?.connect();
  });
}

/** True while events are flowing: live queries stop polling. */
export const isLive = (status: ConnectionStatus) => status === 'connected';
