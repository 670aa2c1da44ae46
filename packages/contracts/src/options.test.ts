import { describe, expect, it } from 'vitest';
import { optionsDescriptionSchema } from './options.ts';
import { issuePaths } from './real-fixture.ts';

const currenciesOptions = () => ({
  name: 'Currencies',
  description: 'Currencies available on the marketplace',
  attributes: {
    id: 'ISO code',
    description: 'Official name',
    symbol: 'Symbol',
    decimal_places: 'Decimal places',
  },
  methods: [
    { method: 'GET', example: '/currencies', description: 'Lists the currencies' },
    { method: 'GET', example: '/currencies/:id', description: 'Reads one currency' },
  ],
  related_resources: ['/currency_conversions/search'],
  connections: {},
});

describe('optionsDescriptionSchema (OPTIONS on any resource)', () => {
  it('parses a description', () => {
    expect(optionsDescriptionSchema.parse(currenciesOptions()).methods).toHaveLength(2);
  });

  it('rejects unknown methods, non-string attribute descriptions and a missing connections member', () => {
    const { connections: _dropped, ...body } = currenciesOptions();
    const result = optionsDescriptionSchema.safeParse({
      ...body,
      attributes: { id: 1 },
      methods: [{ method: 'FETCH', example: '/currencies', description: 'x' }],
    });
    expect(issuePaths(result)).toEqual(['attributes.id', 'methods.0.method', 'connections']);
  });
});
