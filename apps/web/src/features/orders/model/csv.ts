/**
 * CSV as RFC 4180 writes it: fields joined by commas, records by CRLF; a field with a comma, quote, CR or LF is
 * quoted and its quotes doubled. A text field starting with =, +, -, @, tab or CR is prefixed with `'`, so a
 * spreadsheet opening the export never runs a buyer-written value as a formula (CSV injection). Numbers are
 * written as they are.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Records for many rows at once: a page of the export becomes one string, then one Blob part. */
export function csvRecords(rows: readonly (readonly CsvValue[])[]): string {
  let out = '';
  for (const row of rows) out += csvRecord(row);
  return out;
}

/** Excel reads a UTF-8 file as UTF-8 only with a byte order mark; accents in names and titles depend on it. */
export const CSV_BOM = '\uFEFF';
