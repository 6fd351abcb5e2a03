/**
 * The one Socket.IO connection of the app, typed with the protocol's event maps. It carries the
 * session cookie (same origin), so the server knows who it is; it is opened for a signed-in user and
 * replaced when the user changes. `useConnectionStatus` drives the shell's connection indicator and
 * tells live queries whether to poll.
 */
import { io, type Socket } from 'socket.io-client';
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
export function connectFor(userId: number | null): AppSocket | null {
  if (userId === socketUserId && socket) return socket;
  socket?.disconnect();
  socket = null;
  socketUserId = userId;
  if (connectingTimer) clearTimeout(connectingTimer);
  connectingTimer = null;
  if (userId === null) {
    setStatus('offline');
    return null;
  }
  const device = deviceId();
  const next: AppSocket = io({ withCredentials: true, transports: ['websocket', 'polling'], auth: device ? { deviceId: device } : {} });
  setStatus('connecting');
  connectingTimer = setTimeout(() => {
    connectingTimer = null;
    if (socket === next && useConnectionStatus.getState().status === 'connecting') setStatus('reconnecting');
  }, CONNECT_GRACE_MS);
  next.on('connect', () => {
    setStatus('connected');
    // A recovered connection got the events it missed; a fresh one must refetch what it shows.
    if (!next.recovered) useConnectionStatus.setState((s) => ({ resyncs: s.resyncs + 1 }));
  });
  next.on('disconnect', () => setStatus(next.active ? 'reconnecting' : 'offline'));
  next.on('connect_error', () => setStatus(next.active ? 'reconnecting' : 'offline'));
  socket = next;
  return next;
}

/**
 * Opens a new connection for the same user: after the session rotates (password change) the old
 * socket belongs to a session that has ended, and the server cuts it.
 */
export function reconnectSocket(): AppSocket | null {
  const userId = socketUserId;
  connectFor(null);
  return connectFor(userId);
}

export function getSocket(): AppSocket | null {
  return socket;
}

/** True while events are flowing: live queries stop polling. */
export const isLive = (status: ConnectionStatus) => status === 'connected';
