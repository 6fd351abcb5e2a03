import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id (the library's default algorithm) with its default cost (19 MiB, 2 passes): OWASP's
 * minimum. Runs on libuv's thread pool, off the event loop.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Accounts without a usable hash (seeded audience members, accounts created by an import) never
 * match. A dummy verification keeps the timing of "no such user" close to "wrong password".
 */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$yRN3hCEgK7R7rG5Tp8CZ3MPdHZZ3g0RnKqCWHlcHbCQ';

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash || !storedHash.startsWith('$argon2')) {
    await verify(DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
