import { describe, expect, it } from 'vitest';
import { csvRecord, csvRecords } from './csv.ts';

describe('csv', () => {
  it('writes values as they are, empty for null and undefined, ended by CRLF', async () => {
    expect(await csvRecord(['paid', 2000008000023921, 10899.99, null, undefined, true])).toBe(
      'paid,2000008000023921,10899.99,,,true\r\n',
    );
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', async () => {
    expect(await csvRecord(['Zapatillas, talle 40'])).toBe('"Zapatillas, talle 40"\r\n');
    expect(await csvRecord(['Pelota "Al Rihla"'])).toBe('"Pelota ""Al Rihla"""\r\n');
    expect(await csvRecord(['línea 1\nlínea 2'])).toBe('"línea 1\nlínea 2"\r\n');
    expect(await csvRecord(['a\r\nb'])).toBe('"a\r\nb"\r\n');
  });

  it('never lets a spreadsheet run a text value as a formula; numbers stay numbers', async () => {
    expect(await csvRecord(['=HYPERLINK("http://x")'])).toBe('"\'=HYPERLINK(""http://x"")"\r\n');
    expect(await csvRecord(['+54 11', '@SUM(A1)', '-1', -5])).toBe(`"'+54 11","'@SUM(A1)","'-1",-5\r\n`);
  });

  it('writes NaN and infinities as empty fields', async () => {
    expect(await csvRecord([Number.NaN, Number.POSITIVE_INFINITY])).toBe(',\r\n');
  });

  it('joins many records, and nothing for no rows', async () => {
    expect(
      await csvRecords([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
    expect(await csvRecords([])).toBe('');
  });
});
