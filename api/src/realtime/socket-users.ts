/**
 * The accounts behind socket events (each chat line, each vote, each item entered), kept in memory
 * between writes to `users`. A suspension, a role change or a new password is such a write, so the
 * next socket event reads the account again: at once on the node that wrote it, and on the others as
 * soon as the write relay tells them (db/write-relay.ts); the lifetime bounds anything neither sees.
 * It saves one read of the account per message, where the chat's own work is a few reads and a commit.
 */
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { ReadCache } from '../http/read-cache.ts';
import { findUserById } from '../modules/users/repository.ts';

export const SOCKET_USER_TTL_MS = 30_000;
/** About the most sockets one process holds (its open-file limit); past it the cache starts over. */
const SOCKET_USERS_KEPT = 50_000;

export class SocketUsers {
  private readonly cache: ReadCache<UserRow | null>;

  constructor(private readonly app: FastifyInstance) {
    this.cache = new ReadCache(app.db.writes, { tables: ['users'], ttlMs: SOCKET_USER_TTL_MS, maxKeys: SOCKET_USERS_KEPT });
  }

  /** The account as it is now, or null when it no longer exists. */
  find(userId: number): Promise<UserRow | null> {
    return this.cache.get(String(userId), async () => (await findUserById(this.app.db.kysely, userId)) ?? null);
  }

  close() {
    this.cache.close();
  }
}
