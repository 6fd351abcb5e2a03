/**
 * Socket.IO room names. Every room is built here so that the server, the tests and the client
 * never spell one by hand.
 */
export const rooms = {
  lobby: () => 'lobby',
  content: (contentId: number) => `content:${contentId}`,
  /** Sockets showing a list of live items (Home, landing): coalesced viewer counts of every item. */
  liveList: () => 'streams:active',
  polls: () => 'polls',
  creator: (userId: number) => `creator:${userId}`,
  admin: () => 'admin',
  user: (userId: number) => `user:${userId}`,
  /** Every socket of one sign-in (keyed by the session id's hash): logout and expiry end them together. */
  session: (sessionHash: string) => `session:${sessionHash}`,
} as const;
