/**
 * @fastify/session store over the `sessions` table: the embedded default and the scale-out topology
 * share it, so any API node can read a session another node wrote.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Callback = (err?: unknown) => void;
type GetCallback = (err: unknown, session?: any) => void;

import type { Session } from 'fastify';

type StoredSession = Session & { cookie?: { expires?: string | Date | null } };

const DEFAULT_TTL_MS = 14 * 24 * 3600 * 1000;

export class DatabaseSessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  set(sid: string, session: StoredSession, callback: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires).getTime() : Date.now() + DEFAULT_TTL_MS;
    const row = { sid, userId: session.userId ?? null, data: JSON.stringify(session), expiresAt: expires };
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
      .where('sid', '=', sid)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expiresAt <= Date.now()) return callback(null, null);
        callback(null, JSON.parse(row.data));
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }

  /** Ends every session of a user (suspension, password change). */
  async destroyAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('userId', '=', userId).execute();
  }

  async pruneExpired(now = Date.now()): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
