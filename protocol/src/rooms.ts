/**
 * Socket.IO room names. Every room is built here so that the server, the tests and the client
 * never spell one by hand.
 */
export const rooms = {
  lobby: () => 'lobby',
  content: (contentId: number) => `content:${contentId}`,
  polls: () => 'polls',
  creator: (userId: number) => `creator:${userId}`,
  admin: () => 'admin',
  user: (userId: number) => `user:${userId}`,
} as const;
