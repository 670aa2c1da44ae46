import { readFileSync } from 'node:fs';
import {
  citySchema,
  countryListSchema,
  countrySchema,
  listingLocationFor,
  neighborhoodSchema,
  siteSearchSchema,
  stateSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../seed/locations-data.ts';
import { expectError, seededApi, type TestApi } from '../test-support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await seededApi({ orders: 50 });
});

const recorded = (path: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../contracts/fixtures/real/${path}`, import.meta.url), 'utf8'),
  ) as Record<string, unknown>;

describe('GET /classified_locations/countries', () => {
  it('lists the recorded countries in the recorded order, without a token', async () => {
    const res = await api.get('/classified_locations/countries');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const countries = countryListSchema.parse(await res.json());
    expect(countries).toEqual(
      recorded('classified_locations_countries/ralvarezdev-mercadolibre-go-sdk-1.json'),
    );
    // The 12 countries of spec 2.12 with their currencies, pt_BR for Brazil and es_<country> elsewhere.
    const spec = { AR: 'ARS', BR: 'BRL', CO: 'COP', CR: 'CRC', CL: 'CLP', EC: 'USD', MX: 'MXN', PA: 'USD' };
    for (const [id, currency] of Object.entries({ ...spec, PE: 'PEN', DO: 'DOP', UY: 'UYU', VE: 'VEF' })) {
      const c = countries.find((country) => country.id === id);
      expect(c?.currency_id).toBe(currency);
      expect(c?.locale).toBe(id === 'BR' ? 'pt_BR' : `es_${id}`);
    }
  });
});

describe('GET /classified_locations/countries/{id}', () => {
  it('answers Argentina with every recorded state id, separators and time zone', async () => {
    const ar = countrySchema.parse(await api.json('/classified_locations/countries/AR'));
    const real = recorded('classified_locations_country/ralvarezdev-mercadolibre-go-sdk-1.json');
    expect(ar.states).toEqual(real.states);
    expect(ar).toMatchObject({ decimal_separator: ',', thousands_separator: '.', time_zone: 'GMT-03:00' });
    expect(ar.geo_information).toEqual(real.geo_information);
  });

  it('answers Uruguay as recorded: ISO-like state ids and no geo information', async () => {
    const uy = countrySchema.parse(await api.json('/classified_locations/countries/UY'));
    const real = recorded('classified_locations_country/ralvarezdev-mercadolibre-go-sdk-2.json');
    expect(uy.states).toEqual(real.states);
    expect(uy.geo_information).toBeNull();
  });

  it('answers every country with a well-formed body', async () => {
    for (const country of LOCATIONS) {
      const body = countrySchema.parse(await api.json(`/classified_locations/countries/${country.id}`));
      expect(body.states.length).toBeGreaterThan(0);
      expect(body.time_zone).toMatch(/^GMT[+-]\d\d:\d\d$/);
    }
  });

  it('answers the recorded 404 body for an unknown country', async () => {
    const res = await api.get('/classified_locations/countries/ZZ');
    const body = await expectError(res, 404, 'not_found');
    expect(body).toEqual(recorded('errors/ralvarezdev-mercadolibre-go-sdk-2.json'));
  });

  it('refuses an id no location can have', async () => {
    await expectError(await api.get('/classified_locations/countries/A%27R'), 400, 'bad_request');
  });
});

describe('GET /classified_locations/states/{id}', () => {
  it('answers Córdoba with the recorded cities', async () => {
    const state = stateSchema.parse(await api.json('/classified_locations/states/TUxBUENPUmFkZGIw'));
    const real = recorded('classified_locations_state/ralvarezdev-mercadolibre-go-sdk-2.json');
    expect(state.cities).toEqual(real.cities);
    expect(state.country).toEqual({ id: 'AR', name: 'Argentina' });
    expect(state.geo_information).toEqual(real.geo_information);
  });

  it('answers Rocha with its recorded cities and null geo information', async () => {
    const state = stateSchema.parse(await api.json('/classified_locations/states/UY-RO'));
    const real = recorded('classified_locations_state/ralvarezdev-mercadolibre-go-sdk-3.json');
    expect(state).toEqual({ ...real, geo_information: null });
  });

  it('answers 404 "State not found"', async () => {
    const body = await expectError(
      await api.get('/classified_locations/states/TUxBUE5PTkU'),
      404,
      'not_found',
    );
    expect(body.message).toBe('State not found');
  });
});

describe('GET /classified_locations/cities/{id}', () => {
  it('answers Capital Federal with its 64 recorded neighborhoods', async () => {
    const city = citySchema.parse(await api.json('/classified_locations/cities/TUxBQ0NBUGZlZG1sYQ'));
    const real = recorded('classified_locations_city/ralvarezdev-mercadolibre-go-sdk-1.json');
    expect(city.neighborhoods).toEqual(real.neighborhoods);
    expect(city.neighborhoods).toHaveLength(64);
    expect(city.state).toEqual(real.state);
    expect(city.geo_information).toEqual(real.geo_information);
  });

  it('answers Cabo Polonio without neighborhoods (an empty array) and with null geo information', async () => {
    const city = citySchema.parse(await api.json('/classified_locations/cities/TUxVQ0NBQjY1MmQ1'));
    expect(city).toEqual({
      ...recorded('classified_locations_city/ralvarezdev-mercadolibre-go-sdk-2.json'),
      neighborhoods: [],
    });
  });

  it('answers the recorded 404 body for an unknown city', async () => {
    const res = await api.get('/classified_locations/cities/TUxBQ05PTkU');
    expect(await expectError(res, 404, 'not_found')).toEqual({
      message: 'City not found',
      error: 'not_found',
      status: 404,
      cause: [],
    });
  });
});

describe('GET /classified_locations/neighborhoods/{id}', () => {
  it('answers the recorded Caballito and Río Cuarto', async () => {
    for (const name of ['ralvarezdev-mercadolibre-go-sdk-1.json', 'ralvarezdev-mercadolibre-go-sdk-2.json']) {
      const real = recorded(`classified_locations_neighborhood/${name}`);
      const body = neighborhoodSchema.parse(await api.json(`/classified_locations/neighborhoods/${real.id}`));
      const { site: _site, ...expected } = real;
      expect(body).toEqual(expected);
    }
  });

  it('lists subneighborhoods, whose parent chain leads back to the city', async () => {
    const montevideo = LOCATIONS.find((c) => c.id === 'UY')!.states.find((s) => s.id === 'UY-MO')!.cities[0]!;
    const pocitos = montevideo.neighborhoods.find((n) => n.name === 'Pocitos')!;
    const body = neighborhoodSchema.parse(
      await api.json(`/classified_locations/neighborhoods/${pocitos.id}`),
    );
    expect(body.subneighborhoods).toEqual([{ id: pocitos.subneighborhoods[0]!.id, name: 'Pocitos Nuevo' }]);
    const sub = neighborhoodSchema.parse(
      await api.json(`/classified_locations/neighborhoods/${pocitos.subneighborhoods[0]!.id}`),
    );
    expect(sub.city).toEqual({ id: montevideo.id, name: 'Montevideo' });
    // A subneighborhood is not listed among the city's neighborhoods.
    const city = citySchema.parse(await api.json(`/classified_locations/cities/${montevideo.id}`));
    expect(city.neighborhoods.map((n) => n.name)).not.toContain('Pocitos Nuevo');
  });

  it('answers the recorded 404 body for an unknown neighborhood', async () => {
    const res = await api.get('/classified_locations/neighborhoods/TUxBQk5PTkU');
    expect(await expectError(res, 404, 'not_found')).toEqual(
      recorded('errors/ralvarezdev-mercadolibre-go-sdk-5.json'),
    );
  });
});

describe('the location data', () => {
  const all = LOCATIONS.flatMap((country) =>
    country.states.flatMap((state) => [
      state,
      ...state.cities.flatMap((city) => [
        city,
        ...city.neighborhoods.flatMap((n) => [n, ...n.subneighborhoods]),
      ]),
    ]),
  );

  it('has unique ids, safe in a path segment, and coordinates within the country', () => {
    const ids = all.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_=+-]+$/);
    for (const country of LOCATIONS) {
      if (!country.geo) continue;
      for (const state of country.states) {
        for (const city of state.cities) {
          if (!city.geo) continue;
          // Every place lies within 30 degrees of its country's centre: catches swapped or mistyped signs.
          expect(Math.abs(city.geo.latitude - country.geo.latitude), `${city.name}`).toBeLessThan(30);
          expect(Math.abs(city.geo.longitude - country.geo.longitude), `${city.name}`).toBeLessThan(30);
        }
      }
    }
  });

  it('has cities with and without neighborhoods', () => {
    const cities = LOCATIONS.flatMap((c) => c.states.flatMap((s) => s.cities));
    expect(cities.filter((c) => c.neighborhoods.length > 0).length).toBeGreaterThan(10);
    expect(cities.filter((c) => c.neighborhoods.length === 0).length).toBeGreaterThan(100);
  });
});

describe('publishing with the locations the API answers (spec 2.12, listingLocationFor)', () => {
  it('sends the neighborhood of Capital Federal, and refuses the city alone', async () => {
    const city = citySchema.parse(await api.json('/classified_locations/cities/TUxBQ0NBUGZlZG1sYQ'));
    const withNeighborhoods = { ...city, hasNeighborhoods: city.neighborhoods.length > 0 };
    expect(listingLocationFor({ state: city.state, city: withNeighborhoods })).toMatchObject({
      ok: false,
      reason: 'city_has_neighborhoods',
    });
    const caballito = city.neighborhoods.find((n) => n.name === 'Caballito')!;
    expect(
      listingLocationFor({ state: city.state, city: withNeighborhoods, neighborhood: caballito }),
    ).toEqual({
      ok: true,
      location: { neighborhood: { id: 'TUxBQkNBQjM4MDda' } },
    });
  });

  it('sends the city id of Cabo Polonio, which has no neighborhoods, and never its state', async () => {
    const city = citySchema.parse(await api.json('/classified_locations/cities/TUxVQ0NBQjY1MmQ1'));
    const result = listingLocationFor({ state: city.state, city: { ...city, hasNeighborhoods: false } });
    expect(result).toEqual({ ok: true, location: { city: { id: 'TUxVQ0NBQjY1MmQ1' } } });
    expect(listingLocationFor({ state: city.state })).toMatchObject({ ok: false, reason: 'state_only' });
  });
});

describe('conventions on locations', () => {
  it('answers OPTIONS, JSONP and attributes', async () => {
    const options = await api.app.request('/classified_locations/cities/TUxVQ0NBQjY1MmQ1', {
      method: 'OPTIONS',
    });
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ name: 'City' });
    const jsonp = await api.get('/classified_locations/cities/NOPE?callback=cb');
    expect(jsonp.status).toBe(200);
    expect(await jsonp.text()).toMatch(/^cb\(\[404, .*"error":"not_found"/);
    const reduced = await api.json('/classified_locations/countries/UY?attributes=id,currency_id');
    expect(reduced).toEqual({ id: 'UY', currency_id: 'UYU' });
  });

  it('refuses writes', async () => {
    const res = await api.app.request('/classified_locations/countries/AR', { method: 'DELETE' });
    await expectError(res, 405, 'method_not_allowed');
  });
});

describe('every location id the API hands out', () => {
  /** 200 at /classified_locations/{kind}/{id}, parsed with its contract. */
  async function resolve(kind: 'countries' | 'states' | 'cities' | 'neighborhoods', id: string) {
    const res = await api.get(`/classified_locations/${kind}/${id}`);
    expect(res.status, `${kind}/${id}`).toBe(200);
    const schema = {
      countries: countrySchema,
      states: stateSchema,
      cities: citySchema,
      neighborhoods: neighborhoodSchema,
    };
    return schema[kind].parse(await res.json());
  }

  it('resolves, through the whole tree from the country list down to subneighborhoods', async () => {
    let seen = 0;
    for (const summary of countryListSchema.parse(await api.json('/classified_locations/countries'))) {
      const country = (await resolve('countries', summary.id)) as { states: { id: string }[] };
      for (const s of country.states) {
        const state = (await resolve('states', s.id)) as { cities: { id: string }[] };
        for (const c of state.cities) {
          const city = (await resolve('cities', c.id)) as { neighborhoods?: { id: string }[] };
          const walk = async (ids: { id: string }[]) => {
            for (const n of ids) {
              const neighborhood = (await resolve('neighborhoods', n.id)) as {
                subneighborhoods: { id: string }[];
              };
              seen++;
              await walk(neighborhood.subneighborhoods);
            }
          };
          await walk(city.neighborhoods ?? []);
          seen++;
        }
      }
    }
    expect(seen).toBeGreaterThan(300);
  });

  it('resolves in every listing of every seller, the city inside the state the listing names', async () => {
    const sellers = await api.store.db
      .selectFrom('users')
      .innerJoin('items', 'items.seller_id', 'users.id')
      .select(['users.nickname', 'users.site_id'])
      .distinct()
      .execute();
    expect(sellers.length).toBeGreaterThan(3);
    for (const seller of sellers) {
      for (let offset = 0; ; offset += 50) {
        const page = siteSearchSchema.parse(
          await api.json(`/sites/${seller.site_id}/search?nickname=${seller.nickname}&offset=${offset}`),
        );
        for (const item of page.results) {
          const city = citySchema.parse(await resolve('cities', item.address.city_id!));
          expect(city.name).toBe(item.address.city_name);
          expect(city.state.id).toBe(item.address.state_id);
          expect((await resolve('states', item.address.state_id!)).name).toBe(item.address.state_name);
          expect(item.seller_address.city.id).toBe(item.address.city_id);
          await resolve('countries', item.seller_address.country.id!);
        }
        if (offset + 50 >= page.paging.total) break;
      }
    }
  });
});
