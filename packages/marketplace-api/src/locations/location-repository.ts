import type {
  City,
  Country,
  CountrySummary,
  GeoInformation,
  Neighborhood,
  State,
} from '@mostrador/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

const geo = (row: { latitude: number | null; longitude: number | null }): GeoInformation =>
  row.latitude === null || row.longitude === null
    ? null
    : { location: { latitude: row.latitude, longitude: row.longitude } };

/** Classified locations (spec 2.12): one level per table, children in the platform's list order. */
export function createLocationRepository(db: Kysely<Database>) {
  async function countryRef(id: string) {
    return db
      .selectFrom('location_countries')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }
  async function stateRef(id: string) {
    return db
      .selectFrom('location_states')
      .select(['id', 'name', 'country_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  return {
    async countries(): Promise<CountrySummary[]> {
      return db
        .selectFrom('location_countries')
        .select(['id', 'name', 'locale', 'currency_id'])
        .orderBy('position')
        .execute();
    },

    async country(id: string): Promise<Country | null> {
      const row = await db
        .selectFrom('location_countries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const states = await db
        .selectFrom('location_states')
        .select(['id', 'name'])
        .where('country_id', '=', id)
        .orderBy('position')
        .execute();
      return {
        id: row.id,
        name: row.name,
        locale: row.locale,
        currency_id: row.currency_id,
        decimal_separator: row.decimal_separator,
        thousands_separator: row.thousands_separator,
        time_zone: row.time_zone,
        geo_information: geo(row),
        states,
      };
    },

    async state(id: string): Promise<State | null> {
      const row = await db.selectFrom('location_states').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const [country, cities] = await Promise.all([
        countryRef(row.country_id),
        db
          .selectFrom('location_cities')
          .select(['id', 'name'])
          .where('state_id', '=', id)
          .orderBy('position')
          .execute(),
      ]);
      return { id: row.id, name: row.name, country, geo_information: geo(row), cities };
    },

    async city(id: string): Promise<City | null> {
      const row = await db.selectFrom('location_cities').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      const state = await stateRef(row.state_id);
      const [country, neighborhoods] = await Promise.all([
        countryRef(state.country_id),
        db
          .selectFrom('location_neighborhoods')
          .select(['id', 'name'])
          .where('city_id', '=', id)
          .where('parent_id', 'is', null)
          .orderBy('position')
          .execute(),
      ]);
      return {
        id: row.id,
        name: row.name,
        state: { id: state.id, name: state.name },
        country,
        geo_information: geo(row),
        neighborhoods,
      };
    },

    async neighborhood(id: string): Promise<Neighborhood | null> {
      const row = await db
        .selectFrom('location_neighborhoods')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const city = await db
        .selectFrom('location_cities')
        .select(['id', 'name', 'state_id'])
        .where('id', '=', row.city_id)
        .executeTakeFirstOrThrow();
      const state = await stateRef(city.state_id);
      const [country, subneighborhoods] = await Promise.all([
        countryRef(state.country_id),
        db
          .selectFrom('location_neighborhoods')
          .select(['id', 'name'])
          .where('parent_id', '=', id)
          .orderBy('position')
          .execute(),
      ]);
      return {
        id: row.id,
        name: row.name,
        city: { id: city.id, name: city.name },
        state: { id: state.id, name: state.name },
        country,
        geo_information: geo(row),
        subneighborhoods,
      };
    },
  };
}

export type LocationRepository = ReturnType<typeof createLocationRepository>;
