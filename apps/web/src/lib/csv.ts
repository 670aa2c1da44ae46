/**
 * CSV as RFC 4180 writes it, by Papa Parse (decision 0182): fields joined by commas, records by CRLF, a field with a
 * comma, quote, CR or LF quoted and its quotes doubled. A text field starting with =, +, -, @, tab or CR is
 * prefixed with `'` (Papa Parse's `escapeFormulae`), so a spreadsheet opening the export never runs a
 * buyer-written value as a formula (CSV injection). Numbers are written as they are; NaN and infinities as empty.
 * The library is loaded with the first export, not with the page.
 */
export type CsvValue = string | number | boolean | null | undefined;

const papa = () => import('papaparse').then((module) => module.default);

const cell = (value: CsvValue) =>
  typeof value === 'number' && !Number.isFinite(value)
    ? null
    : typeof value === 'boolean'
      ? String(value)
      : value;

/** Records for many rows at once, each ended by CRLF: a page of the export becomes one string, then one Blob part. */
export async function csvRecords(rows: readonly (readonly CsvValue[])[]): Promise<string> {
  if (rows.length === 0) return '';
  const { unparse } = await papa();
  const text = unparse(
    rows.map((row) => row.map(cell)),
    { header: false, newline: '\r\n', escapeFormulae: true },
  );
  return `${text}\r\n`;
}

export const csvRecord = (values: readonly CsvValue[]) => csvRecords([values]);

/** Excel reads a UTF-8 file as UTF-8 only with a byte order mark; accents in names and titles depend on it. */
export const CSV_BOM = '\uFEFF';
