/**
 * This browser's anonymous device id: random, kept in localStorage, sent in the socket handshake so
 * the server counts a signed-out viewer once however many tabs watch (the server also checks it
 * against DEVICE_ID_PATTERN). It names no one: it is made here and never derived from the device.
 */
import { DEVICE_ID_PATTERN } from '@onair/protocol/constants';

export const DEVICE_ID_KEY = 'onair.deviceId';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function randomId(): string {
  // getRandomValues works on plain-http LAN addresses too, where randomUUID is missing.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The stored id, or a new one (stored for next time); null if storage is unavailable (private mode). */
export function deviceId(storage: KeyValueStore | undefined = globalThis.localStorage): string | null {
  try {
    const known = storage?.getItem(DEVICE_ID_KEY);
    if (known && DEVICE_ID_PATTERN.test(known)) return known;
    if (!storage) return null;
    const fresh = randomId();
    storage.setItem(DEVICE_ID_KEY, fresh);
    return fresh;
  } catch {
    return null;
  }
}
