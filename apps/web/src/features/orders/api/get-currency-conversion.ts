import { currencyConversionSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { requestWithHeaders } from '../../../lib/api-client.ts';

/** `GET /currency_conversions/search`: the ratio, and the time of the rates from `Last-Modified`. */
export async function getCurrencyConversion(from: string, to: string, signal?: AbortSignal) {
  const params = new URLSearchParams({ from, to });
  const res = await requestWithHeaders(
    `/api/currency_conversions/search?${params}`,
    currencyConversionSchema,
    { signal },
  );
  const modified = res.headers.get('last-modified');
  return { ratio: res.data.ratio, lastModified: modified ? new Date(modified).toISOString() : null };
}

export const currencyConversionQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['currency-conversions', from, to],
    queryFn: ({ signal }) => getCurrencyConversion(from, to, signal),
    staleTime: 10 * 60_000,
  });
