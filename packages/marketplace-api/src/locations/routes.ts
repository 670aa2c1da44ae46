import {
  citySchema,
  countryListSchema,
  countrySchema,
  neighborhoodSchema,
  stateSchema,
} from '@mostrador/contracts';
import { ApiError, badRequest } from '../http/api-error.ts';
import { json } from '../http/json-answer.ts';
import { defineResource } from '../http/resources.ts';
import type { LocationRepository } from './location-repository.ts';

/** What the classified locations need. */
export interface LocationRoutesDeps {
  locations: LocationRepository;
}

// Ids are opaque (base64-like `TUxBUENBUGw3M2E1`, padded `Y2hpbGU=`, ISO-like `UY-RO`); this only keeps out input
// no id can have, so it never reaches the store.
const LOCATION_ID = /^[A-Za-z0-9_=+-]{1,64}$/;

// Reference data that changes only with a new seed: clients and proxies may keep it for an hour.
const CACHEABLE = { 'cache-control': 'public, max-age=3600' };

function locationId(raw: string, level: string): string {
  if (!LOCATION_ID.test(raw)) {
    throw badRequest(`invalid ${level} id`, [
      { code: `invalid_${level}_id`, message: `${level} ids are letters, digits, _, -, + and =` },
    ]);
  }
  return raw;
}

/** The platform's own 404 for locations: `{"message":"City not found","error":"not_found",...}`. */
const notFound = (what: string) => new ApiError('not_found', { message: `${what} not found` });

const geoAttribute = 'geo_information.location with latitude and longitude, or null where unknown.';
const publishingRule =
  'A listing carries a neighborhood id, or the city id when the city has no neighborhoods; never a state id ' +
  '(the platform completes state and city).';

export const countries = defineResource({
  path: '/classified_locations/countries',
  name: 'Countries',
  description: 'Countries where classified listings are published.',
  attributes: {
    id: 'Country id (ISO 3166-1 alpha-2).',
    name: 'Name.',
    locale: 'es_<country>, pt_BR for Brazil.',
    currency_id: 'Currency of the country.',
  },
  related_resources: ['/classified_locations/countries/{country_id}'],
  connections: { country: '/classified_locations/countries/{country_id}' },
  methods: {
    GET: {
      example: '/classified_locations/countries',
      description: 'List the countries.',
      response: countryListSchema,
      auth: 'none',
      async handle(c, deps: LocationRoutesDeps) {
        return json(c, await deps.locations.countries(), 200, CACHEABLE);
      },
    },
  },
});

export const country = defineResource({
  path: '/classified_locations/countries/{country_id}',
  name: 'Country',
  description: `A country with its number format, time zone and states. ${publishingRule}`,
  attributes: {
    id: 'Country id.',
    name: 'Name.',
    locale: 'Locale.',
    currency_id: 'Currency.',
    decimal_separator: 'Decimal separator of amounts.',
    thousands_separator: 'Thousands separator of amounts.',
    time_zone: 'GMT+/-hh:mm.',
    geo_information: geoAttribute,
    states: 'States: array of {id, name}.',
  },
  related_resources: ['/classified_locations/states/{state_id}'],
  connections: { state: '/classified_locations/states/{state_id}' },
  methods: {
    GET: {
      example: '/classified_locations/countries/AR',
      description: 'Read a country. 404 "Country not found" for an unknown id.',
      response: countrySchema,
      auth: 'none',
      async handle(c, deps: LocationRoutesDeps) {
        const country = await deps.locations.country(locationId(c.req.param('country_id'), 'country'));
        if (!country) throw notFound('Country');
        return json(c, country, 200, CACHEABLE);
      },
    },
  },
});

export const state = defineResource({
  path: '/classified_locations/states/{state_id}',
  name: 'State',
  description: 'A state with its country and cities. Ids are opaque strings.',
  attributes: {
    id: 'State id.',
    name: 'Name.',
    country: '{id, name}.',
    geo_information: geoAttribute,
    cities: 'Cities: array of {id, name}.',
  },
  related_resources: [
    '/classified_locations/countries/{country_id}',
    '/classified_locations/cities/{city_id}',
  ],
  connections: {
    country: '/classified_locations/countries/{country_id}',
    city: '/classified_locations/cities/{city_id}',
  },
  methods: {
    GET: {
      example: '/classified_locations/states/TUxBUENBUGw3M2E1',
      description: 'Read a state. 404 "State not found" for an unknown id.',
      response: stateSchema,
      auth: 'none',
      async handle(c, deps: LocationRoutesDeps) {
        const state = await deps.locations.state(locationId(c.req.param('state_id'), 'state'));
        if (!state) throw notFound('State');
        return json(c, state, 200, CACHEABLE);
      },
    },
  },
});

export const city = defineResource({
  path: '/classified_locations/cities/{city_id}',
  name: 'City',
  description: `A city with its state, country and neighborhoods ([] when it has none). ${publishingRule}`,
  attributes: {
    id: 'City id.',
    name: 'Name.',
    state: '{id, name}.',
    country: '{id, name}.',
    geo_information: geoAttribute,
    neighborhoods: 'Neighborhoods: array of {id, name}; [] when the city has none.',
  },
  related_resources: [
    '/classified_locations/states/{state_id}',
    '/classified_locations/neighborhoods/{neighborhood_id}',
  ],
  connections: {
    state: '/classified_locations/states/{state_id}',
    neighborhood: '/classified_locations/neighborhoods/{neighborhood_id}',
  },
  methods: {
    GET: {
      example: '/classified_locations/cities/TUxBQ0NBUGZlZG1sYQ',
      description: 'Read a city. 404 "City not found" for an unknown id.',
      response: citySchema,
      auth: 'none',
      async handle(c, deps: LocationRoutesDeps) {
        const city = await deps.locations.city(locationId(c.req.param('city_id'), 'city'));
        if (!city) throw notFound('City');
        return json(c, city, 200, CACHEABLE);
      },
    },
  },
});

export const neighborhood = defineResource({
  path: '/classified_locations/neighborhoods/{neighborhood_id}',
  name: 'Neighborhood',
  description: 'A neighborhood with its city, state, country and subneighborhoods.',
  attributes: {
    id: 'Neighborhood id.',
    name: 'Name.',
    city: '{id, name}.',
    state: '{id, name}.',
    country: '{id, name}.',
    geo_information: geoAttribute,
    subneighborhoods: 'Subneighborhoods: array of {id, name}.',
  },
  related_resources: ['/classified_locations/cities/{city_id}'],
  connections: { city: '/classified_locations/cities/{city_id}' },
  methods: {
    GET: {
      example: '/classified_locations/neighborhoods/TUxBQkNBQjM4MDda',
      description: 'Read a neighborhood. 404 "Neighborhood not found" for an unknown id.',
      response: neighborhoodSchema,
      auth: 'none',
      async handle(c, deps: LocationRoutesDeps) {
        const neighborhood = await deps.locations.neighborhood(
          locationId(c.req.param('neighborhood_id'), 'neighborhood'),
        );
        if (!neighborhood) throw notFound('Neighborhood');
        return json(c, neighborhood, 200, CACHEABLE);
      },
    },
  },
});
