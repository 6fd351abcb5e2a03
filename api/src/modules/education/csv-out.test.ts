/**
 * CSV exports neutralise spreadsheet formulas (issue 13, finding 8), also when the formula character
 * follows leading whitespace, a tab or a carriage return, which spreadsheet programs skip over.
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv-out.ts';

const cell = (value: string | number | null) => toCsv([[value]]).replace(/\r\n$/, '');
const unquoted = (text: string) => (text.startsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text);

describe('toCsv', () => {
  it.each(['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1+1', '\r=1+1', ' =HYPERLINK("http://x")', '   +cmd', '\n-2+3', '\u00a0=1', '\ufeff@x', '\tplain', '\rplain'])(
    'keeps %j as text with a leading quote mark',
    (value) => {
      expect(unquoted(cell(value))).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text and numbers (negative ones too) alone', () => {
    expect(cell('Ama Mensah')).toBe('Ama Mensah');
    expect(cell(' spaced name')).toBe(' spaced name');
    expect(cell('a=b')).toBe('a=b');
    expect(cell(-5)).toBe('-5');
    expect(cell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines']])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});
