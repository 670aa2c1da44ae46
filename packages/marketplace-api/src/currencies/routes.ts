import { currencyConversionSchema, currencyListSchema, currencySchema } from '@mostrador/contracts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { json } from '../http/json-answer.ts';
import { defineResource } from '../http/resources.ts';
import type { CurrencyRepository } from './currency-repository.ts';

/** What the currency resources need. */
export interface CurrencyRoutesDeps {
  currencies: CurrencyRepository;
}

const CURRENCY_ID = /^[A-Z]{3}$/;

export const currencyList = defineResource({
  path: '/currencies',
  name: 'Currencies',
  description: 'Currencies of the platform with their symbols and decimal places.',
  attributes: {
    id: 'ISO currency id.',
    description: 'Official name.',
    symbol: 'Symbol.',
    decimal_places: 'Decimal places of amounts in this currency.',
  },
  related_resources: ['/currencies/{currency_id}', '/currency_conversions/search'],
  connections: { currency: '/currencies/{currency_id}' },
  methods: {
    GET: {
      example: '/currencies',
      description: 'List currencies.',
      response: currencyListSchema,
      auth: 'none',
      handle: async (c, deps: CurrencyRoutesDeps) => json(c, await deps.currencies.list()),
    },
  },
});

export const currency = defineResource({
  path: '/currencies/{currency_id}',
  name: 'Currency',
  description: 'One currency.',
  attributes: { id: 'ISO id.', description: 'Name.', symbol: 'Symbol.', decimal_places: 'Decimal places.' },
  related_resources: ['/currencies'],
  connections: { conversions: '/currency_conversions/search?from={currency_id}&to={other}' },
  methods: {
    GET: {
      example: '/currencies/ARS',
      description: 'Read a currency.',
      response: currencySchema,
      auth: 'none',
      async handle(c, deps: CurrencyRoutesDeps) {
        const id = c.req.param('currency_id');
        if (!CURRENCY_ID.test(id)) throw badRequest('currency id must be three upper-case letters');
        const found = await deps.currencies.find(id);
        if (!found) throw new ApiError('not_found', { message: 'Currency not found' });
        return json(c, found);
      },
    },
  },
});

export const currencyConversion = defineResource({
  path: '/currency_conversions/search',
  name: 'Currency conversion',
  description: 'Exchange ratio between two currencies; Last-Modified gives the time of the rates.',
  attributes: { ratio: 'Multiply an amount in `from` by the ratio to get it in `to`.' },
  related_resources: ['/currencies'],
  connections: {},
  methods: {
    GET: {
      example: '/currency_conversions/search?from=ARS&to=USD',
      description: 'Ratio from one currency to another.',
      query: { from: 'Currency id.', to: 'Currency id.' },
      response: currencyConversionSchema,
      auth: 'none',
      async handle(c, deps: CurrencyRoutesDeps) {
        const from = c.req.query('from');
        const to = c.req.query('to');
        const problems = (['from', 'to'] as const)
          .filter((k) => !CURRENCY_ID.test(c.req.query(k) ?? ''))
          .map((k) => ({ code: `invalid_${k}`, message: `${k} must be a currency id such as ARS` }));
        if (problems.length > 0) throw badRequest('from and to must be currency ids', problems);
        const rates = await deps.currencies.rates([from!, to!]);
        const rateOf = (id: string) => rates.find((r) => r.id === id);
        const a = rateOf(from!);
        const b = rateOf(to!);
        if (!a || !b) throw new ApiError('not_found', { message: `Currency not found: ${!a ? from : to}` });
        // Both sides are quoted against the dollar, so a→b→a multiplies back to 1 within rounding.
        const ratio = Number((b.usd_rate / a.usd_rate).toPrecision(9));
        c.header('Last-Modified', new Date(Math.max(a.rate_updated_at, b.rate_updated_at)).toUTCString());
        return json(c, { ratio });
      },
    },
  },
});
