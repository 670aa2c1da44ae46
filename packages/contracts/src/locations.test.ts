import { describe, expect, it } from 'vitest';
import {
  citySchema,
  countryListSchema,
  countrySchema,
  listingLocationFor,
  neighborhoodSchema,
  stateSchema,
} from './locations.ts';
import { clone, issuePaths, issuesOf, readRealFixture, realFixtureNames } from './real-fixture.ts';

type Json = Record<string, unknown>;
const fixture = (path: string) => clone(readRealFixture(path)) as Json;

describe('location schemas against the recorded bodies', () => {
  it.each(realFixtureNames('classified_locations_countries'))('parses countries %s', (name) => {
    const countries = countryListSchema.parse(readRealFixture(`classified_locations_countries/${name}`));
    expect(countries.find((country) => country.id === 'BR')).toEqual({
      id: 'BR',
      name: 'Brasil',
      locale: 'pt_BR',
      currency_id: 'BRL',
    });
  });

  it.each(realFixtureNames('classified_locations_country'))('parses country %s', (name) => {
    expect(countrySchema.parse(readRealFixture(`classified_locations_country/${name}`)).time_zone).toBe(
      'GMT-03:00',
    );
  });

  it.each(realFixtureNames('classified_locations_state'))('parses state %s', (name) => {
    expect(
      stateSchema.parse(readRealFixture(`classified_locations_state/${name}`)).cities.length,
    ).toBeGreaterThan(0);
  });

  it.each(realFixtureNames('classified_locations_neighborhood'))('parses neighborhood %s', (name) => {
    expect(
      neighborhoodSchema.parse(readRealFixture(`classified_locations_neighborhood/${name}`)).country.id,
    ).toBe('AR');
  });

  it('parses a city with neighborhoods and keeps a null geo_information', () => {
    const city = citySchema.parse(
      readRealFixture('classified_locations_city/ralvarezdev-mercadolibre-go-sdk-1.json'),
    );
    expect(city.neighborhoods).toHaveLength(64);
    const uruguay = countrySchema.parse(
      readRealFixture('classified_locations_country/ralvarezdev-mercadolibre-go-sdk-2.json'),
    );
    expect(uruguay.geo_information).toBeNull();
  });

  it('refuses the city recorded without a neighborhoods member; spec 2.12 wants an (empty) array', () => {
    const city = fixture('classified_locations_city/ralvarezdev-mercadolibre-go-sdk-2.json');
    expect(issuesOf(citySchema, city)).toEqual({ missing: ['neighborhoods'], wrong: [] });
    expect(citySchema.parse({ ...city, neighborhoods: [] }).neighborhoods).toEqual([]);
  });

  it('rejects malformed time zones, locales and coordinates', () => {
    const country = fixture('classified_locations_country/ralvarezdev-mercadolibre-go-sdk-2.json');
    country.time_zone = 'America/Montevideo';
    country.locale = 'es-UY';
    country.geo_information = { location: { latitude: '-32.5', longitude: -55.7 } };
    expect(issuePaths(countrySchema.safeParse(country))).toEqual([
      'locale',
      'time_zone',
      'geo_information.location.latitude',
    ]);
    country.time_zone = 'GMT-3';
    expect(issuePaths(countrySchema.safeParse(country))).toContain('time_zone');
  });

  it('rejects a neighborhood without its city', () => {
    const neighborhood = fixture('classified_locations_neighborhood/ralvarezdev-mercadolibre-go-sdk-1.json');
    delete neighborhood.city;
    expect(issuePaths(neighborhoodSchema.safeParse(neighborhood))).toEqual(['city']);
  });
});

describe('listingLocationFor (spec 2.12 publishing rule)', () => {
  const country = { id: 'AR', name: 'Argentina' };
  const state = { id: 'TUxBUENBUGw3M2E1', name: 'Capital Federal' };
  const cityWithNeighborhoods = { id: 'TUxBQ0NBUGZlZG1sYQ', name: 'Capital Federal', hasNeighborhoods: true };
  const cityWithout = { id: 'TUxVQ0NBQjY1MmQ1', name: 'Cabo Polonio', hasNeighborhoods: false };
  const neighborhood = { id: 'TUxBQkNBQjM4MDda', name: 'Caballito' };

  it('sends only the neighborhood id when there is a neighborhood', () => {
    expect(listingLocationFor({ country, state, city: cityWithNeighborhoods, neighborhood })).toEqual({
      ok: true,
      location: { neighborhood: { id: 'TUxBQkNBQjM4MDda' } },
    });
  });

  it('sends the city id when the city has no neighborhoods', () => {
    expect(listingLocationFor({ country, state: { id: 'UY-RO', name: 'Rocha' }, city: cityWithout })).toEqual(
      {
        ok: true,
        location: { city: { id: 'TUxVQ0NBQjY1MmQ1' } },
      },
    );
  });

  it('refuses a city that has neighborhoods without one chosen', () => {
    const result = listingLocationFor({ country, state, city: cityWithNeighborhoods });
    expect(result).toMatchObject({ ok: false, reason: 'city_has_neighborhoods' });
    expect(!result.ok && result.message).toContain('Capital Federal');
  });

  it('refuses a state alone', () => {
    expect(listingLocationFor({ country, state })).toMatchObject({ ok: false, reason: 'state_only' });
  });

  it('refuses a missing location', () => {
    expect(listingLocationFor({})).toMatchObject({ ok: false, reason: 'missing_location' });
    expect(listingLocationFor({ country })).toMatchObject({ ok: false, reason: 'missing_location' });
  });

  it('never sends a state id', () => {
    for (const choice of [
      { country, state, city: cityWithNeighborhoods, neighborhood },
      { country, state, city: cityWithout },
    ]) {
      const result = listingLocationFor(choice);
      expect(result.ok).toBe(true);
      expect(JSON.stringify(result)).not.toContain(state.id);
      expect(result.ok && result.location).not.toHaveProperty('state');
    }
  });
});
