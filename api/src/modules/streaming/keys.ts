/**
 * Stream keys: random secrets an encoder presents to the ingest server. Stored encrypted (AES-256-GCM
 * under a key derived from the session secret) so the Studio can show the key to its owner again,
 * plus a SHA-256 digest so an ingest server can find the configuration without decrypting every row.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const KEY_PREFIX = 'live_';

function encryptionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'onair-stream-keys', 'v1', 32));
}

export function generateStreamKey(): string {
  return KEY_PREFIX + randomBytes(24).toString('base64url');
}

export function hashStreamKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function encryptStreamKey(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(secret), iv);
  const body = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** The key, or null when it cannot be read (the session secret changed): the owner regenerates it. */
export function decryptStreamKey(stored: string, secret: string): string | null {
  const [iv, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A new key in its stored forms. */
export function newStreamKey(secret: string) {
  const key = generateStreamKey();
  return { key, streamKeyCipher: encryptStreamKey(key, secret), streamKeyHash: hashStreamKey(key) };
}
