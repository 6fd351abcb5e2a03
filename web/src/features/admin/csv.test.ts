import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header of every column and quotes what needs quoting', () => {
    const csv = toCsv([
      { title: 'Plain', views: 3 },
      { title: 'Comma, "quoted"\nline', views: 0, rating: null },
    ]);
    expect(csv).toBe('title,views,rating\r\nPlain,3,\r\n"Comma, ""quoted""\nline",0,\r\n');
  });

  it('defuses spreadsheet formulas but keeps negative numbers', () => {
    expect(toCsv([{ a: '=HYPERLINK("x")', b: -4.5, c: '-12' }])).toBe('a,b,c\r\n"\'=HYPERLINK(""x"")",-4.5,-12\r\n');
  });
});
