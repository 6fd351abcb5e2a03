/**
 * @fastify/session store over the `sessions` table: the embedded default and the scale-out topology
 * share it, so any API node can read a session another node wrote.
 *
 * The table keeps a SHA-256 of the session id, never the id: the id is the secret the cookie carries,
 * so a leaked backup or a read-only SQL injection yields no session anyone can use.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: Session | null) => void;

import type { Session } from 'fastify';
import { DAY_MS } from '@onair/protocol';

type StoredSession = Session & { cookie?: { expires?: string | Date | null } };

const DEFAULT_TTL_MS = 14 * DAY_MS;

/** What the table stores for a session id; sockets are grouped by it too (rooms.session). */
export function hashSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

export interface StoredSessionSummary {
  userId: number | null;
  expiresAt: number;
}

export class DatabaseSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  set(sid: string, session: StoredSession, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + DEFAULT_TTL_MS;
    const row = { sid: hashSessionId(sid), userId: session.userId ?? null, data: JSON.stringify(session), expiresAt: expires };
    this.db
      .insertInto('sessions')
      .values(row)
      .onConflict((oc) => oc.column('sid').doUpdateSet({ userId: row.userId, data: row.data, expiresAt: row.expiresAt }))
      .execute()
      .then(() => callback(), callback);
  }

  get(sid: string, callback: GetCallback): void {
    this.db
      .selectFrom('sessions')
      .select(['data', 'expiresAt'])
      .where('sid', '=', hashSessionId(sid))
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expiresAt <= Date.now()) return callback(null, null);
        callback(null, JSON.parse(row.data));
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', hashSessionId(sid))
      .execute()
      .then(() => callback(), callback);
  }

  /** A live (unexpired) session by its stored hash: sockets are re-checked against it. */
  async findByHash(sidHash: string, now = Date.now()): Promise<StoredSessionSummary | undefined> {
    const row = await this.db.selectFrom('sessions').select(['userId', 'expiresAt']).where('sid', '=', sidHash).executeTakeFirst();
    if (!row || Number(row.expiresAt) <= now) return undefined;
    return { userId: row.userId, expiresAt: Number(row.expiresAt) };
  }

  /** The stored hashes of a user's live sessions: their sockets sit in `rooms.session(hash)`. */
  async hashesForUser(userId: number, now = Date.now()): Promise<string[]> {
    const rows = await this.db.selectFrom('sessions').select('sid').where('userId', '=', userId).where('expiresAt', '>', now).execute();
    return rows.map((row) => row.sid);
  }

  /** Ends every session of a user (suspension), or every one but `keepHash` (password change). */
  async destroyAllForUser(userId: number, keepHash?: string): Promise<void> {
    let query = this.db.deleteFrom('sessions').where('userId', '=', userId);
    if (keepHash) query = query.where('sid', '!=', keepHash);
    await query.execute();
  }

  async pruneExpired(now = Date.now()): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
