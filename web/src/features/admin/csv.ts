/** Export Data: the current tab's data as a CSV file (RFC 4180 quoting), downloaded by the browser. */

export type CsvRow = Record<string, string | number | boolean | null | undefined>;

function cell(value: CsvRow[string]): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  // Quote when needed; a leading =, +, - or @ would be run as a formula by spreadsheets, so prefix it.
  const safe = /^[=+\-@]/.test(text) && Number.isNaN(Number(text)) ? `'${text}` : text;
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
