import {
  type City,
  type Country,
  citySchema,
  countrySchema,
  type Neighborhood,
  neighborhoodSchema,
  type State,
  stateSchema,
} from '@mostrador/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { LOCATIONS_STALE_MS, locationsKey } from './get-countries.ts';

/** Each level of the cascade as its path names it, and the place it answers. */
interface Places {
  countries: Country;
  states: State;
  cities: City;
  neighborhoods: Neighborhood;
}
export type PlaceLevel = keyof Places;

const PLACE_SCHEMAS = {
  countries: countrySchema,
  states: stateSchema,
  cities: citySchema,
  neighborhoods: neighborhoodSchema,
} as const;

/** `GET /classified_locations/{level}/{id}`: one place, with the places one level down. */
export const getPlace = <L extends PlaceLevel>(level: L, id: string, signal?: AbortSignal) =>
  request(`/api/classified_locations/${level}/${encodeURIComponent(id)}`, PLACE_SCHEMAS[level], {
    signal,
  }) as Promise<Places[L]>;

/** One place of the cascade; nothing is asked while none is chosen at that level. */
export const placeQueryOptions = <L extends PlaceLevel>(level: L, id: string | undefined) =>
  queryOptions({
    queryKey: [...locationsKey, level, id ?? ''],
    queryFn: ({ signal }) => getPlace(level, id ?? '', signal),
    staleTime: LOCATIONS_STALE_MS,
    enabled: Boolean(id),
  });
