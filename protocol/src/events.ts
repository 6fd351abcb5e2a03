/**
 * Typed Socket.IO event maps shared by the server (`Server<ClientToServerEvents, ServerToClientEvents,
 * InterServerEvents, SocketData>`) and the client (`Socket<ServerToClientEvents, ClientToServerEvents>`).
 * Events are named `domain:action`. Types do not replace validation: the server parses every payload.
 *
 * Rooms (./rooms.ts) are chosen by the server: at connect a socket joins `lobby` and `polls`, its own
 * `user:{id}`, `creator:{id}` for creators and `admin` for admins. Content rooms are entered with
 * `content:watch`, which also counts the socket as a viewer.
 */
import type { ChatMessage, Content, ModerationItem, Poll, SystemHealth } from './entities.ts';
import type { Ack, ChatSendRequest, PollTally, PollVoteRequest, PresenceUpdate, Question } from './api/interactions.ts';
import type { JobDoneEvent, JobFailedEvent, JobProgressEvent } from './jobs.ts';
import type { ActiveStream } from './api/streaming.ts';
import type { AdminModerationItem, Notification } from './api/admin.ts';

export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  /** A message removed by moderation: clients drop it from view. */
  'chat:hidden': (event: { messageId: number; contentId: number | null }) => void;
  'poll:created': (poll: Poll) => void;
  'poll:tally': (tally: PollTally) => void;
  'poll:closed': (event: { pollId: number }) => void;
  'qna:question': (question: Question) => void;
  'qna:answered': (question: Question) => void;
  'presence:update': (update: PresenceUpdate) => void;
  'content:updated': (content: Content) => void;
  /** The creator's streams on air, with viewer counts: sent to `creator:{userId}` when one starts or stops. */
  'streams:active': (streams: ActiveStream[]) => void;
  'system:health': (health: SystemHealth) => void;
  'moderation:new': (item: ModerationItem) => void;
  /** An item approved or rejected by an admin: the other admins' queues update. Sent to `admin`. */
  'moderation:decided': (item: AdminModerationItem) => void;
  /** A personal notification (an admin's message), sent to `user:{userId}`; kept until read. */
  'notification:new': (notification: Notification) => void;
  'gamification:points': (event: { points: number; level: number; reason: string }) => void;
  'job:progress': (event: JobProgressEvent) => void;
  'job:done': (event: JobDoneEvent) => void;
  'job:failed': (event: JobFailedEvent) => void;
}

export interface ClientToServerEvents {
  'chat:send': (request: ChatSendRequest, ack: (result: Ack<ChatMessage>) => void) => void;
  'poll:vote': (request: PollVoteRequest, ack: (result: Ack<PollTally & { optionIndex: number }>) => void) => void;
  /** Enter a content room: its chat, polls and presence. Counts the socket as watching. */
  'content:watch': (
    request: { contentId: number; device?: 'mobile' | 'tv' | 'web' | 'satellite' },
    ack: (result: Ack<PresenceUpdate>) => void,
  ) => void;
  'content:leave': (request: { contentId: number }) => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface InterServerEvents {}

export interface SocketData {
  userId: number | null;
  username: string | null;
  role: 'admin' | 'creator' | 'viewer' | null;
  sessionId: string | null;
}
