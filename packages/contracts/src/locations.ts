import { z } from 'zod';
import { countryIdSchema, currencyIdSchema, idNameSchema } from './common.ts';

// Location ids are opaque (base64-looking for AR/BR/MX, ISO-like such as UY-RO elsewhere): never parse them.
const locationIdSchema = z.string().min(1);
const locationRefSchema = z.object({ id: locationIdSchema, name: z.string() });

export const geoInformationSchema = z
  .object({
    location: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  })
  .nullable();

export const countrySummarySchema = z.object({
  id: countryIdSchema,
  name: z.string(),
  locale: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'expected a locale such as es_AR'),
  currency_id: currencyIdSchema,
});

export const countryListSchema = z.array(countrySummarySchema);

export const countrySchema = countrySummarySchema.extend({
  decimal_separator: z.string().length(1),
  thousands_separator: z.string().length(1),
  time_zone: z.string().regex(/^GMT[+-]\d{2}:\d{2}$/, 'expected a time zone such as GMT-03:00'),
  geo_information: geoInformationSchema,
  states: z.array(locationRefSchema),
});

export const stateSchema = z.object({
  id: locationIdSchema,
  name: z.string(),
  country: idNameSchema,
  geo_information: geoInformationSchema,
  cities: z.array(locationRefSchema),
});

export const citySchema = z.object({
  id: locationIdSchema,
  name: z.string(),
  state: locationRefSchema,
  country: idNameSchema,
  geo_information: geoInformationSchema,
  neighborhoods: z.array(locationRefSchema),
});

export const neighborhoodSchema = z.object({
  id: locationIdSchema,
  name: z.string(),
  city: locationRefSchema,
  state: locationRefSchema,
  country: idNameSchema,
  geo_information: geoInformationSchema,
  subneighborhoods: z.array(locationRefSchema),
});

export type GeoInformation = z.infer<typeof geoInformationSchema>;
export type CountrySummary = z.infer<typeof countrySummarySchema>;
export type Country = z.infer<typeof countrySchema>;
export type State = z.infer<typeof stateSchema>;
export type City = z.infer<typeof citySchema>;
export type Neighborhood = z.infer<typeof neighborhoodSchema>;

type LocationRef = { id: string; name: string };

export type LocationChoice = {
  country?: LocationRef;
  state?: LocationRef;
  city?: LocationRef & { hasNeighborhoods: boolean };
  neighborhood?: LocationRef;
};

export type ListingLocation = { neighborhood: { id: string } } | { city: { id: string } };

export type ListingLocationResult =
  | { ok: true; location: ListingLocation }
  | { ok: false; reason: 'state_only' | 'city_has_neighborhoods' | 'missing_location'; message: string };

// The publishing rule of spec 2.12: a listing carries a neighborhood id, or the city id when the city has no
// neighborhoods. A state alone is refused, and a state id is never sent (the platform derives it).
export function listingLocationFor(choice: LocationChoice): ListingLocationResult {
  if (choice.neighborhood) return { ok: true, location: { neighborhood: { id: choice.neighborhood.id } } };
  if (choice.city) {
    if (!choice.city.hasNeighborhoods) return { ok: true, location: { city: { id: choice.city.id } } };
    return {
      ok: false,
      reason: 'city_has_neighborhoods',
      message: `Choose a neighborhood of ${choice.city.name}: a city with neighborhoods cannot be used alone.`,
    };
  }
  if (choice.state) {
    return {
      ok: false,
      reason: 'state_only',
      message: `Choose a city of ${choice.state.name}: a state alone cannot be used to publish.`,
    };
  }
  return { ok: false, reason: 'missing_location', message: 'Choose a city or a neighborhood.' };
}
