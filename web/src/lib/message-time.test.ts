import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time';

describe('messageTime', () => {
  const now = new Date(2026, 10, 23, 15, 0);

  it('shows only the time for a message sent today', () => {
    const text = messageTime(new Date(2026, 10, 23, 9, 5).toISOString(), now);
    expect(text).toMatch(/09:05|9:05/);
    expect(text).not.toMatch(/Nov/);
  });

  it('adds the day for an older message', () => {
    const text = messageTime(new Date(2026, 10, 21, 22, 40).toISOString(), now);
    expect(text).toMatch(/Nov 21|21 Nov/);
    expect(text).toMatch(/10:40|22:40/);
  });
});
