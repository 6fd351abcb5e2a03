/**
 * Text a spreadsheet program could run as a formula: = + - @ first, or after leading whitespace
 * (spaces, tabs, line breaks, no-break space, byte-order mark), which they skip; and a leading tab or
 * carriage return, which OWASP lists on its own.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u00a0\ufeff]*[=+\-@])/;

/** Writing CSV (RFC 4180): fields with a comma, quote or line break are quoted, quotes doubled. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const field = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    // A quote mark in front keeps it text; numbers (negative ones too) are left as numbers.
    const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
