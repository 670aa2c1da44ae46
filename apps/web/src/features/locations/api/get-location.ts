import {
  citySchema,
  countryListSchema,
  countrySchema,
  neighborhoodSchema,
  stateSchema,
} from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

// The marketplace's classified locations (public reference data; it lets them be cached for an hour).
const HOUR = 60 * 60_000;
export const locationsKey = ['locations'] as const;

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: [...locationsKey, 'countries'],
    queryFn: ({ signal }) => request('/api/classified_locations/countries', countryListSchema, { signal }),
    staleTime: HOUR,
  });

export const countryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...locationsKey, 'country', id],
    queryFn: ({ signal }) =>
      request(`/api/classified_locations/countries/${encodeURIComponent(id)}`, countrySchema, { signal }),
    staleTime: HOUR,
  });

export const stateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...locationsKey, 'state', id],
    queryFn: ({ signal }) =>
      request(`/api/classified_locations/states/${encodeURIComponent(id)}`, stateSchema, { signal }),
    staleTime: HOUR,
  });

export const cityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...locationsKey, 'city', id],
    queryFn: ({ signal }) =>
      request(`/api/classified_locations/cities/${encodeURIComponent(id)}`, citySchema, { signal }),
    staleTime: HOUR,
  });

export const neighborhoodQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...locationsKey, 'neighborhood', id],
    queryFn: ({ signal }) =>
      request(`/api/classified_locations/neighborhoods/${encodeURIComponent(id)}`, neighborhoodSchema, {
        signal,
      }),
    staleTime: HOUR,
  });
