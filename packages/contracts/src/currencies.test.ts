import { describe, expect, it } from 'vitest';
import { currencyConversionSchema, currencyListSchema, currencySchema } from './currencies.ts';
import { issuesOf, readRealFixture } from './real-fixture.ts';

describe('currencies', () => {
  it('parses the list of 20 currencies', () => {
    const list = currencyListSchema.parse(
      readRealFixture('currencies/ralvarezdev-mercadolibre-go-sdk-1.json'),
    );
    expect(list).toHaveLength(20);
    expect(list.find((currency) => currency.id === 'ARS')?.decimal_places).toBe(2);
  });

  it('parses one currency', () => {
    expect(
      currencySchema.parse(readRealFixture('currencies/ralvarezdev-mercadolibre-go-sdk-2.json')),
    ).toEqual({
      id: 'CLP',
      description: 'Peso Chileno',
      symbol: '$',
      decimal_places: 0,
    });
  });

  it('rejects fractional decimal places and lower-case ids', () => {
    expect(
      currencySchema.safeParse({ id: 'clp', description: 'x', symbol: '$', decimal_places: 0 }).success,
    ).toBe(false);
    expect(
      currencySchema.safeParse({ id: 'CLP', description: 'x', symbol: '$', decimal_places: 0.5 }).success,
    ).toBe(false);
  });
});

describe('currencyConversionSchema', () => {
  it('parses the {ratio} body of the orders docs', () => {
    expect(
      currencyConversionSchema.parse(
        readRealFixture('currency_conversions/ml-devsite-manage-sales-en-1.json'),
      ),
    ).toEqual({
      ratio: 0.0704988,
    });
  });

  it('refuses the newer {rate, inv_rate} shape: spec 2.14 says ratio', () => {
    expect(
      issuesOf(
        currencyConversionSchema,
        readRealFixture('currency_conversions/ralvarezdev-mercadolibre-go-sdk-1.json'),
      ),
    ).toEqual({
      missing: ['ratio'],
      wrong: [],
    });
  });

  it('rejects zero, negative and string ratios', () => {
    for (const ratio of [0, -1, '0.07'])
      expect(currencyConversionSchema.safeParse({ ratio }).success).toBe(false);
  });
});
