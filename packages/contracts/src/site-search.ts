import { z } from 'zod';
import {
  commonQueryShape,
  currencyIdSchema,
  idNameSchema,
  itemIdSchema,
  numericIdSchema,
  siteIdSchema,
  timestampSchema,
} from './common.ts';
import { pagingSchema } from './paging.ts';

// `GET /sites/{site_id}/search?nickname=` (spec 2.10).

const nullableIdName = z.object({ id: z.string().nullable(), name: z.string().nullable() });

export const itemSummarySchema = z.object({
  id: itemIdSchema,
  site_id: siteIdSchema,
  title: z.string(),
  subtitle: z.string().nullable(),
  seller: z.object({
    id: numericIdSchema,
    power_seller_status: z.string().nullable(),
    car_dealer: z.boolean(),
    real_estate_agency: z.boolean(),
    tags: z.array(z.string()),
  }),
  price: z.number().nonnegative(),
  currency_id: currencyIdSchema,
  available_quantity: z.number().int().nonnegative(),
  sold_quantity: z.number().int().nonnegative(),
  buying_mode: z.enum(['buy_it_now', 'auction', 'classified']),
  listing_type_id: z.string(),
  stop_time: timestampSchema,
  condition: z.enum(['new', 'used', 'not_specified']),
  permalink: z.url({ protocol: /^https$/ }),
  thumbnail: z.url({ protocol: /^https$/ }).nullable(),
  accepts_paymentsvc: z.boolean(),
  // Null when the listing offers no instalments.
  installments: z
    .object({
      quantity: z.number().int().min(2),
      amount: z.number().positive(),
      currency_id: currencyIdSchema,
    })
    .nullable(),
  address: z.object({
    state_id: z.string().nullable(),
    state_name: z.string().nullable(),
    city_id: z.string().nullable(),
    city_name: z.string().nullable(),
  }),
  shipping: z.object({ free_shipping: z.boolean(), mode: z.string() }),
  // The seller's public location only: the street line and postal code are personal data and stay empty.
  seller_address: z.object({
    id: z.number().int().nullable(),
    comment: z.string(),
    address_line: z.literal(''),
    zip_code: z.literal(''),
    country: idNameSchema,
    state: nullableIdName,
    city: nullableIdName,
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  attributes: z.array(
    z.object({ id: z.string(), name: z.string(), value_id: z.string().nullable(), value_name: z.string() }),
  ),
  original_price: z.number().positive().nullable(),
  category_id: z.string(),
  official_store_id: numericIdSchema.nullable(),
});

export const SITE_SEARCH_FILTERS = [
  'category',
  'state',
  'accepts_paymentsvc',
  'installments',
  'condition',
  'buying_mode',
  'has_pictures',
] as const;
export type SiteSearchFilterId = (typeof SITE_SEARCH_FILTERS)[number];

export const SITE_SEARCH_SORTS = [
  { id: 'relevance', name: 'Más relevantes' },
  { id: 'price_asc', name: 'Menor precio' },
  { id: 'price_desc', name: 'Mayor precio' },
] as const;
export type SiteSearchSort = (typeof SITE_SEARCH_SORTS)[number]['id'];

const filterIdSchema = z.enum(SITE_SEARCH_FILTERS);

export const appliedFilterSchema = z.object({
  id: filterIdSchema,
  name: z.string(),
  type: z.enum(['text', 'boolean']),
  values: z.array(z.object({ id: z.string(), name: z.string() })).length(1),
});

export const availableFilterSchema = z.object({
  id: filterIdSchema,
  name: z.string(),
  type: z.enum(['text', 'boolean']),
  values: z
    .array(z.object({ id: z.string(), name: z.string(), results: z.number().int().positive() }))
    .min(1),
});

const sortSchema = z.object({ id: z.enum(['relevance', 'price_asc', 'price_desc']), name: z.string() });

export const siteSearchSchema = z.object({
  site_id: siteIdSchema,
  // Null when no seller on this site has the nickname (docs/decisions/0013-site-search.md).
  seller: z
    .object({
      id: numericIdSchema,
      seller_reputation: z.object({ power_seller_status: z.string().nullable() }),
      real_estate_agency: z.boolean(),
      car_dealer: z.boolean(),
      tags: z.array(z.string()),
    })
    .nullable(),
  paging: pagingSchema,
  results: z.array(itemSummarySchema),
  secondary_results: z.array(itemSummarySchema),
  related_results: z.array(itemSummarySchema),
  sort: sortSchema,
  available_sorts: z.array(sortSchema),
  filters: z.array(appliedFilterSchema),
  available_filters: z.array(availableFilterSchema),
});

const yes = z.literal('yes');

// Raw query: unknown parameters are refused; each filter takes one value.
export const siteSearchParamsSchema = z.strictObject({
  nickname: z
    .string({ error: 'nickname is required' })
    .regex(/^[^\p{C}]{1,64}$/u, 'nickname must be 1 to 64 printable characters'),
  category: z
    .string()
    .regex(/^[A-Z]{3}\d{1,9}$/, 'expected a category id such as MLA1055')
    .optional(),
  // A state of the classified locations, as listings carry it (decision 0132).
  state: z
    .string()
    .regex(/^[A-Za-z0-9_=+-]{1,64}$/, 'expected a classified-location state id such as TUxBUENBUGw3M2E1')
    .optional(),
  accepts_paymentsvc: yes.or(z.literal('no')).optional(),
  installments: yes.or(z.literal('no_interest')).optional(),
  condition: z.enum(['new', 'used', 'not_specified']).optional(),
  buying_mode: z.enum(['buy_it_now', 'auction', 'classified']).optional(),
  has_pictures: yes.optional(),
  sort: z.enum(['relevance', 'price_asc', 'price_desc']).default('relevance'),
  offset: z.string().optional(),
  limit: z.string().optional(),
  ...commonQueryShape,
});

export type ItemSummary = z.infer<typeof itemSummarySchema>;
export type SiteSearch = z.infer<typeof siteSearchSchema>;
export type SiteSearchParams = z.infer<typeof siteSearchParamsSchema>;
