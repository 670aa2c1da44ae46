import { currencyListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** `GET /currencies`: the currencies a total can be converted to. */
export const getCurrencies = (signal?: AbortSignal) =>
  request('/api/currencies', currencyListSchema, { signal });

export const currenciesQueryOptions = () =>
  queryOptions({
    queryKey: ['currencies'],
    queryFn: ({ signal }) => getCurrencies(signal),
    staleTime: 60 * 60_000,
  });
