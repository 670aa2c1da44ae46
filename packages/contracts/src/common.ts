import { z } from 'zod';

const DATE = '(\\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])';
const TIME = 'T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d';
const OFFSET = '(Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';

const TIMESTAMP_PATTERN = new RegExp(`^${DATE}${TIME}\\.\\d{3}${OFFSET}$`);
const ISO_DATE_TIME_PATTERN = new RegExp(`^${DATE}${TIME}(?:\\.\\d{3})?${OFFSET}$`);

// The regexes accept day 31 in every month; Date.parse would silently roll 2026-02-30 over to March.
function isCalendarDate(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

// Spec 2.1: ISO 8601 with a millisecond part and a numeric offset or `Z`.
/**
 * Query parameters every resource accepts besides its own (spec 4.5): consumed by the conventions' middleware, then
 * dropped. `_` is the cache-busting parameter JSONP libraries add; it is ignored (decision 0135).
 */
export const COMMON_QUERY_PARAMETERS = ['callback', 'attributes', 'access_token', '_'] as const;
export const commonQueryShape = {
  callback: z.string().optional(),
  attributes: z.string().optional(),
  access_token: z.string().optional(),
  _: z.string().optional(),
};

export const timestampSchema = z
  .string()
  .regex(TIMESTAMP_PATTERN, {
    error:
      'expected an ISO 8601 timestamp with milliseconds and an offset, e.g. 2026-01-05T10:30:00.000-03:00',
    abort: true,
  })
  .refine(isCalendarDate, 'not a calendar date');

// ISO 8601 with an offset or `Z`, milliseconds optional: search filters and fields the spec does not type as timestamps.
export const isoDateTimeSchema = z
  .string()
  .regex(ISO_DATE_TIME_PATTERN, {
    error: 'expected an ISO 8601 date-time with an offset or Z, e.g. 2026-01-05T10:30:00-03:00',
    abort: true,
  })
  .refine(isCalendarDate, 'not a calendar date');

export const siteIdSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'expected a site id of 3 upper-case letters, e.g. MLA');

export const itemIdSchema = z
  .string()
  .regex(/^[A-Z]{3}\d+$/, 'expected an item id: site code and digits, e.g. MLA922971037');

export const currencyIdSchema = z.string().regex(/^[A-Z]{3}$/, 'expected a 3-letter currency id, e.g. ARS');

export const countryIdSchema = z.string().regex(/^[A-Z]{2}$/, 'expected a 2-letter country id, e.g. AR');

// Order ids reach 16 digits (2000xxxxxxxxxxxx): above 2^31 but still exact as JS numbers.
export const numericIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * An id written in a path or a query: digits without a leading zero, of a value a JavaScript number holds exactly
 * (at most 2^53 − 1). A larger one would be rounded to another id, so it is refused, never rounded.
 */
export const idTextSchema = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, { error: 'expected a positive integer id', abort: true })
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'the id is too large to be exact'));

/** `idTextSchema`'s number, or null when the text is not an exact id. */
export const exactId = (text: string | undefined): number | null => {
  const parsed = idTextSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
};

export const idNameSchema = z.object({ id: z.string(), name: z.string() });

export const phoneSchema = z.object({
  area_code: z.string().nullable(),
  extension: z.string().nullable(),
  number: z.string().nullable(),
  verified: z.boolean(),
});

export const alternativePhoneSchema = z.object({
  area_code: z.string().nullable(),
  extension: z.string().nullable(),
  number: z.string().nullable(),
});

export type Timestamp = z.infer<typeof timestampSchema>;
export type SiteId = z.infer<typeof siteIdSchema>;
export type ItemId = z.infer<typeof itemIdSchema>;
export type CurrencyId = z.infer<typeof currencyIdSchema>;
export type IdName = z.infer<typeof idNameSchema>;
export type Phone = z.infer<typeof phoneSchema>;
export type AlternativePhone = z.infer<typeof alternativePhoneSchema>;
