import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvRecords } from './csv.ts';

describe('csv', () => {
  it('leaves plain fields alone and writes numbers as they are', () => {
    expect(csvRecord(['paid', 2000008000023921, 10899.99, null, undefined, true])).toBe(
      'paid,2000008000023921,10899.99,,,true\r\n',
    );
  });

  it('quotes fields with commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('Zapatillas, talle 40')).toBe('"Zapatillas, talle 40"');
    expect(csvField('Pelota "Al Rihla"')).toBe('"Pelota ""Al Rihla"""');
    expect(csvField('línea 1\nlínea 2')).toBe('"línea 1\nlínea 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+54 11')).toBe("'+54 11");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-5)).toBe('-5');
  });

  it('writes NaN and infinities as empty fields', () => {
    expect(csvRecord([Number.NaN, Number.POSITIVE_INFINITY])).toBe(',\r\n');
  });

  it('joins many records', () => {
    expect(
      csvRecords([
        ['a', 1],
        ['b', 2],
      ]),
    ).toBe('a,1\r\nb,2\r\n');
  });
});
