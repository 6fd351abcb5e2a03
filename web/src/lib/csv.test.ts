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

  it('defuses formulas after leading whitespace, and cells starting with a tab or carriage return', () => {
    const cells = [' =1+1', '\t=cmd|x', '\r=1', '\t@SUM(A1)', '  +1+2', '\n-1-1', '\tplain'];
    const csv = toCsv(cells.map((v) => ({ v })));
    const lines = csv.split('\r\n').slice(1, -1);
    expect(csv.startsWith('v\r\n')).toBe(true);
    for (const cell of cells) expect(csv).toContain(`'${cell}`.replace(/"/g, '""'));
    expect(lines.length).toBeGreaterThan(0);
    expect(toCsv([{ n: ' -5', m: '-0.5' }])).toBe('n,m\r\n -5,-0.5\r\n');
  });
});
