/**
 * Typed Socket.IO event maps shared by the server (`Server<ClientToServerEvents, ServerToClientEvents,
 * InterServerEvents, SocketData>`) and the client (`Socket<ServerToClientEvents, ClientToServerEvents>`).
 * Events are named `domain:action`. Types do not replace validation: the server parses every payload.
 *
 * Rooms (./rooms.ts) are chosen by the server: at connect a socket joins `lobby` and `polls`, its own
 * `user:{id}`, `creator:{id}` for creators and `admin` for admins. Content rooms are entered with
 * `content:watch`, which also counts the socket as a viewer. A page showing a list of live items sends
 * `streams:follow` to enter `streams:active`, where every item's viewer count arrives (at most once a
 * second per item) as `presence:update`.
 */
import type { ChatMessage, ChatSendRequest } from './api/chat.ts';
import type { Content } from './api/content.ts';
import type { ModerationItem } from './api/moderation.ts';
import type { Poll, PollTally, PollVoteRequest } from './api/polls.ts';
import type { Question } from './api/qna.ts';
import type { Ack, PresenceUpdate } from './realtime.ts';
import type { SystemHealth } from './api/admin.ts';
import type { AdminModerationItem } from './api/moderation.ts';
import type { Notification } from './api/notifications.ts';
import type { JobDoneEvent, JobFailedEvent, JobProgressEvent } from './jobs.ts';
import type { ActiveStream } from './api/streaming.ts';
import type { LiveCaptionCue, RestreamState, StreamHealth, StreamSignal } from './api/media.ts';
import type { PrayerRequest } from './api/church.ts';
import type { LiveClass } from './api/education.ts';
import type { DonationReceivedEvent, Membership } from './api/monetization.ts';

export interface ServerToClientEvents {
  'chat:message': (message: ChatMessage) => void;
  /** A message removed by moderation: clients drop it from view. */
  'chat:hidden': (event: { messageId: number; contentId: number | null }) => void;
  'poll:created': (poll: Poll) => void;
  'poll:tally': (tally: PollTally) => void;
  'poll:closed': (event: { pollId: number }) => void;
  'qna:question': (question: Question) => void;
  'qna:answered': (question: Question) => void;
  /** A question rejected by moderation: its host's and asker's open lists drop it. */
  'qna:hidden': (event: { questionId: number; contentId: number | null }) => void;
  'presence:update': (update: PresenceUpdate) => void;
  'content:updated': (content: Content) => void;
  /** A new item (made, uploaded or gone live), sent to `admin`: the admins' Library lists every item. */
  'content:added': (content: Content) => void;
  /** An item its creator (or an admin) deleted: lists drop it, its watch page says it is gone. Sent to `lobby`. */
  'content:removed': (event: { contentId: number }) => void;
  /** The creator's streams on air, with viewer counts: sent to `creator:{userId}` when one starts or stops. */
  'streams:active': (streams: ActiveStream[]) => void;
  'system:health': (health: SystemHealth) => void;
  'moderation:new': (item: ModerationItem) => void;
  /** An item approved or rejected by an admin: the other admins' queues update. Sent to `admin`. */
  'moderation:decided': (item: AdminModerationItem) => void;
  /** An admin changed this account's role: its pages read the session again. Sent to `user:{userId}`. */
  'account:changed': () => void;
  /** A personal notification (an admin's message), sent to `user:{userId}`; kept until read. */
  'notification:new': (notification: Notification) => void;
  'gamification:points': (event: { points: number; level: number; reason: string }) => void;
  'job:progress': (event: JobProgressEvent) => void;
  'job:done': (event: JobDoneEvent) => void;
  'job:failed': (event: JobFailedEvent) => void;
  /** The live input as measured, to `creator:{userId}` at least every 2 s while on air. */
  'stream:health': (health: StreamHealth) => void;
  /** The broadcaster's encoder dropped or came back, to `content:{contentId}` (and to a socket entering the room while it is away). */
  'stream:signal': (signal: StreamSignal) => void;
  /** A restream destination changed state (connecting, live, failed, retrying, stopped), to `creator:{userId}`. */
  'restream:state': (state: RestreamState) => void;
  /** A live caption of a stream with captions on, to `content:{contentId}` as the speech is recognised. */
  'caption:cue': (cue: LiveCaptionCue) => void;
  /** A prayer request, to the pastoral team's `user:{id}` rooms as it arrives. */
  'prayer:new': (request: PrayerRequest) => void;
  /** A prayer request prayed for or hidden: to the team and the author. */
  'prayer:updated': (request: PrayerRequest) => void;
  /** A scheduled class went live: to each enrolled student's and teacher's `user:{id}` room. */
  'education:class-live': (liveClass: LiveClass) => void;
  /** A donation to this creator, with the donor's name and message: sent to `user:{creatorId}`. */
  'donation:received': (donation: DonationReceivedEvent) => void;
  /** The user's membership changed (subscribed, renewed, cancelled, ended): sent to `user:{userId}`. */
  'membership:updated': (membership: Membership) => void;
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
  /** Enter `streams:active`: viewer counts of every item, for pages that list what is on air. */
  'streams:follow': () => void;
  'streams:unfollow': () => void;
}

/** Between API and media processes (through the Redis adapter). */
export interface InterServerEvents {
  /** A broadcast ended on some node: the process packaging it stops its media. */
  mediaStreamEnded: (streamId: number) => void;
  /** A stream configuration got a new key: the process taking its input cuts an encoder on the old one. */
  mediaKeyRotated: (configId: number) => void;
  /** The ingest process saw an encoder drop or come back: every node keeps it for viewers entering the room. */
  mediaSignal: (signal: StreamSignal) => void;
}

export interface SocketData {
  userId: number | null;
  username: string | null;
  role: 'admin' | 'creator' | 'viewer' | null;
  /** The SHA-256 of the session id (the id itself is the cookie's secret and is never kept here). */
  sessionId: string | null;
  /** When the session ends (epoch ms): the socket is cut then. Null when signed out. */
  sessionExpiresAt: number | null;
  /** The address the socket came from (caps on sockets per address). */
  ip: string;
}

export interface SocketHandshakeAuth {
  deviceId?: string;
}
