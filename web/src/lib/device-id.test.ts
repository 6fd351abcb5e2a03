import { describe, expect, it } from 'vitest';
import { DEVICE_ID_PATTERN } from '@onair/protocol/constants';
import { DEVICE_ID_KEY, deviceId } from './device-id';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe('the anonymous device id', () => {
  it('is made once, random and valid, and kept for every later tab', () => {
    const storage = memoryStorage();
    const first = deviceId(storage);
    expect(first).toMatch(DEVICE_ID_PATTERN);
    expect(storage.values.get(DEVICE_ID_KEY)).toBe(first);
    expect(deviceId(storage)).toBe(first);
    expect(deviceId(memoryStorage())).not.toBe(first);
  });

  it('replaces a stored value the server would refuse', () => {
    const storage = memoryStorage({ [DEVICE_ID_KEY]: 'bad id!' });
    const id = deviceId(storage);
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(id).not.toBe('bad id!');
  });

  it('answers null when storage refuses (private mode), so the socket counts on its own', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(deviceId(refusing)).toBeNull();
    expect(deviceId(undefined)).toBeNull();
  });
});
