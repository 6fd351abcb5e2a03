/** Shared pieces of the benchmarks: process sampling, percentiles, signed session cookies. */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { hashSessionId } from '../src/plugins/session-store.ts';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds and resident memory of a process, read from /proc (Linux). */
export function processUsage(pid: number): { cpuSeconds: number; rssBytes: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuSeconds, rssBytes: rssKb * 1024 };
}

/**
 * Sessions written straight into the database and signed with the server's secret: a benchmark needs
 * hundreds of signed-in users without paying argon2 and the sign-in rate limit for each.
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

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
