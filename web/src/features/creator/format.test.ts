import { describe, expect, it } from 'vitest';
import { countOf, formatMinutes } from './format';

describe('content list figures', () => {
  it('says a clip shorter than a minute is under a minute, and rounds the rest to whole minutes', () => {
    expect(formatMinutes(25)).toBe('<1 min');
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(30)).toBe('1 min');
    expect(formatMinutes(3600)).toBe('60 min');
  });

  it('counts one viewer in the singular', () => {
    expect(countOf(1, 'viewer')).toBe('1 viewer');
    expect(countOf(0, 'viewer')).toBe('0 viewers');
    expect(countOf(1200, 'viewer')).toBe(`${(1200).toLocaleString()} viewers`);
  });
});
