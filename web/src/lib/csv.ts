/**
 * A CSV file (RFC 4180 quoting) made in the browser and downloaded: the admin's Export Data (the current
 * tab's data), an import's sign-in links for the staff to pass on.
 */

export type CsvRow = Record<string, string | number | boolean | null | undefined>;

function cell(value: CsvRow[string]): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quote when needed. Spreadsheets run a cell as a formula when it starts with =, +, - or @, also
  // after leading spaces, and treat a leading tab or carriage return as a formula prefix too (OWASP
  // "CSV injection"), so such a cell is prefixed with '. Plain numbers such as -4.5 stay numbers.
  const formula = /^[\s]*[=+\-@]/.test(text) || /^[\t\r]/.test(text);
  const safe = formula && (text.trim() === '' || Number.isNaN(Number(text))) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: CsvRow[]): string {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const lines = [columns.map(cell).join(','), ...rows.map((r) => columns.map((c) => cell(r[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv(name: string, rows: CsvRow[]) {
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
