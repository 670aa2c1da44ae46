import { z } from 'zod';

// `GET /bff/locations/search?q=&country=` (decision 0073): one search across countries, states, cities and
// neighborhoods, answered by the BFF from an index it builds by walking the marketplace's location resources.

export const LOCATION_LEVELS = ['country', 'state', 'city', 'neighborhood'] as const;
export const locationLevelSchema = z.enum(LOCATION_LEVELS);
export type LocationLevel = z.infer<typeof locationLevelSchema>;

const placeSchema = z.object({ id: z.string().min(1), name: z.string() });

export const locationMatchSchema = z.object({
  level: locationLevelSchema,
  id: z.string().min(1),
  name: z.string(),
  /** "Palermo, Capital Federal, Argentina": the place and what contains it, nearest first. */
  label: z.string(),
  country: placeSchema,
  state: placeSchema.nullable(),
  city: placeSchema.nullable(),
  /** For a city: whether it has neighborhoods (then one of them must be chosen to publish). */
  has_neighborhoods: z.boolean().nullable(),
});
export type LocationMatch = z.infer<typeof locationMatchSchema>;

export const locationSearchResultSchema = z.object({
  query: z.string(),
  results: z.array(locationMatchSchema),
});
export type LocationSearchResult = z.infer<typeof locationSearchResultSchema>;

export const locationSearchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(2, 'type at least 2 characters')
    .max(64, 'at most 64 characters')
    .regex(/^[^\p{C}]*$/u, 'printable characters only'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'expected a 2-letter country id such as AR')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, 'expected 1 to 50')
    .transform(Number)
    .pipe(z.number().int().min(1).max(50))
    .default(20),
});

/** Lower case without accents: "Córdoba" and "cordoba" match. */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The locations page's URL: the chosen place, by level. */
export const locationPickerViewSchema = z.object({
  country: z.string().max(64).optional().catch(undefined),
  state: z.string().max(64).optional().catch(undefined),
  city: z.string().max(64).optional().catch(undefined),
  neighborhood: z.string().max(64).optional().catch(undefined),
});
export type LocationPickerView = z.infer<typeof locationPickerViewSchema>;
