import type { Content, User } from '@onair/protocol';

/** The item's creator or an admin: who may manage an item (translate, distribute, read its processing state), as the server decides. */
export function managesContent(user: Pick<User, 'id' | 'role'> | null | undefined, content: Pick<Content, 'creatorId'>): boolean {
  return user != null && (user.role === 'admin' || user.id === content.creatorId);
}
