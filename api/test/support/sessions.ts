import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { hashSessionId } from '../../src/plugins/session-store.ts';

/**
 * Sessions written straight into the database and signed with the server's secret: benchmarks and
 * multi-process tests need hundreds of signed-in users without paying argon2 and the sign-in rate limit for each.
 */
export async function createSessions(db: Kysely<Database>, secret: string, userIds: number[]): Promise<string[]> {
  const signer = new Signer(secret);
  const expires = new Date(Date.now() + 3600_000);
  const cookies: string[] = [];
  const rows = userIds.map((userId) => {
    const sid = randomBytes(24).toString('base64url');
    cookies.push(`onair.sid=${signer.sign(sid)}`);
    // The table keeps the id's hash, as the session store does; the cookie carries the id itself.
    return { sid: hashSessionId(sid), userId, data: JSON.stringify({ userId, cookie: { expires, originalMaxAge: 3600_000 } }), expiresAt: expires.getTime() };
  });
  for (let i = 0; i < rows.length; i += 200) await db.insertInto('sessions').values(rows.slice(i, i + 200)).execute();
  return cookies;
}
