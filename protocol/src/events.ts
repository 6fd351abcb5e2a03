/**
 * Typed Socket.IO event maps shared by the server (`Server<ClientToServerEvents, ServerToClientEvents,
 * InterServerEvents, SocketData>`) and the client (`Socket<ServerToClientEvents, ClientToServerEvents>`).
 * Events are named `domain:action`. Types do not replace validation: the server parses every payload.
 */
import type { Content } from './entities.ts';
import type { JobDoneEvent, JobFailedEvent, JobProgressEvent } from './jobs.ts';

export interface ServerToClientEvents {
  'content:updated': (content: Content) => void;
  'job:progress': (event: JobProgressEvent) => void;
  'job:done': (event: JobDoneEvent) => void;
  'job:failed': (event: JobFailedEvent) => void;
}

export interface ClientToServerEvents {
  'room:join': (room: string, ack: (result: { ok: boolean; error?: string }) => void) => void;
  'room:leave': (room: string) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

export interface SocketData {
  userId: number | null;
  role: 'admin' | 'creator' | 'viewer' | null;
}
