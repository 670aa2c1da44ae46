import { locationSearchResultSchema } from '@mostrador/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { locationsKey } from './get-countries.ts';

/** `GET /bff/locations/search`: one search across countries, states, cities and neighborhoods (decision 0073). */
export const searchLocations = (query: string, signal?: AbortSignal) =>
  request(
    `/bff/locations/search?${new URLSearchParams({ q: query, limit: '20' })}`,
    locationSearchResultSchema,
    {
      signal,
    },
  );

export const locationSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...locationsKey, 'search', query],
    queryFn: ({ signal }) => searchLocations(query, signal),
    enabled: query.trim().length >= 2,
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  });
