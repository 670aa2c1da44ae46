import { countryListSchema } from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

/** Every query of the locations feature starts with this key. */
export const locationsKey = ['locations'] as const;

/** The marketplace's classified locations are public reference data: it lets them be cached for an hour. */
export const LOCATIONS_STALE_MS = 60 * 60_000;

/** `GET /classified_locations/countries`: every country, the first step of the cascade. */
export const getCountries = (signal?: AbortSignal) =>
  request('/api/classified_locations/countries', countryListSchema, { signal });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: [...locationsKey, 'countries'],
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: LOCATIONS_STALE_MS,
  });
