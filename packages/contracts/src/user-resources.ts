import { z } from 'zod';
import { idNameSchema, numericIdSchema, siteIdSchema, timestampSchema } from './common.ts';

// Shapes of the account sub-resources of spec 4.3 follow the platform's documented bodies
// (docs/decisions/0014-user-sub-resources.md).

const nullableIdName = z.object({ id: z.string().nullable(), name: z.string().nullable() });

// `GET /users/{id}/addresses`: an array of the platform's address records.
export const userAddressSchema = z.object({
  id: numericIdSchema,
  user_id: z.string().regex(/^\d+$/),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  address_line: z.string(),
  floor: z.string().nullable(),
  apartment: z.string().nullable(),
  street_number: z.string().nullable(),
  street_name: z.string().nullable(),
  zip_code: z.string().nullable(),
  city: nullableIdName,
  state: nullableIdName,
  country: idNameSchema,
  neighborhood: nullableIdName,
  municipality: nullableIdName,
  search_location: z.object({ state: nullableIdName, city: nullableIdName, neighborhood: nullableIdName }),
  types: z.array(
    z.enum(['default_selling_address', 'default_buying_address', 'shipping', 'billing', 'business']),
  ),
  comment: z.string(),
  geolocation_type: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: z.enum(['active', 'inactive']),
  date_created: timestampSchema,
  normalized: z.boolean(),
  open_hours: z.object({
    on_holidays: z.object({ hours: z.array(z.unknown()), status: z.string() }),
  }),
});
export const userAddressesSchema = z.array(userAddressSchema);

// `GET /users/{id}/accepted_payment_methods`.
export const acceptedPaymentMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  payment_type_id: z.string(),
  thumbnail: z.url(),
  secure_thumbnail: z.url({ protocol: /^https$/ }),
});
export const acceptedPaymentMethodsSchema = z.array(acceptedPaymentMethodSchema);

// `GET /applications/{id}`.
export const applicationSchema = z.object({
  id: numericIdSchema,
  site_id: siteIdSchema,
  name: z.string(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  owner_id: numericIdSchema.nullable(),
  catalog_product_id: z.string().nullable(),
  item_id: z.string().nullable(),
  price: z.number().nullable(),
  currency_id: z.string().nullable(),
  need_authorization: z.boolean(),
  short_name: z.string(),
  url: z.url(),
  // Only the owner sees where notifications go.
  callback_url: z.url().nullable(),
  sandbox_mode: z.boolean(),
  is_public: z.boolean(),
  project_id: z.string().nullable(),
  active: z.boolean(),
  max_requests_per_hour: z.number().int().positive(),
  scopes: z.array(z.string()),
  domains: z.array(z.string()),
});

// `DELETE /users/{id}/applications/{app_id}`.
export const applicationRevocationSchema = z.object({
  user_id: numericIdSchema,
  application_id: numericIdSchema,
  revoked: z.literal(true),
  revoked_tokens: z.number().int().nonnegative(),
});

// `GET /users/{id}/brands`.
export const brandSchema = z.object({
  official_store_id: numericIdSchema,
  name: z.string(),
  fantasy_name: z.string(),
  site_id: siteIdSchema,
  status: z.string(),
  tags: z.array(z.string()),
  categories_ids: z.array(z.string()),
  pictures: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      url: z.url(),
      secure_url: z.url().nullable(),
      size: z.string(),
    }),
  ),
  relevance_position: z.number().int(),
});
export const userBrandsSchema = z.object({
  cust_id: numericIdSchema,
  site_id: siteIdSchema,
  user_type: z.string(),
  tags: z.array(z.string()),
  brands: z.array(brandSchema),
});

// `GET /users/{id}/classifieds_promotion_packs` (and the answer of POST).
export const promotionPackSchema = z.object({
  id: numericIdSchema,
  user_id: z.string().regex(/^\d+$/),
  promotion_pack_id: z.string(),
  category_id: z.string(),
  description: z.string(),
  package_type: z.string(),
  status: z.string(),
  date_created: timestampSchema,
  date_start: timestampSchema,
  date_expires: timestampSchema,
  date_stopped: timestampSchema.nullable(),
  last_updated: timestampSchema,
  engagement_type: z.string(),
  charge_id: z.number().int().nullable(),
  remaining_listings: z.number().int().nonnegative(),
  used_listings: z.number().int().nonnegative(),
  listing_details: z.array(
    z.object({
      listing_type_id: z.string(),
      available_listings: z.number().int().nonnegative(),
      used_listings: z.number().int().nonnegative(),
      remaining_listings: z.number().int().nonnegative(),
    }),
  ),
});
export const promotionPacksSchema = z.array(promotionPackSchema);

const categoryIdSchema = z.string().regex(/^[A-Z]{3}\d{1,9}$/, 'expected a category id such as MLA1459');

// POST body: associates a pack an adviser created (`promotion_pack_id`) for a category.
export const promotionPackRequestSchema = z.strictObject({
  categ_id: categoryIdSchema,
  promotion_pack_id: z.string().regex(/^[A-Z0-9]{2,8}$/, 'expected a promotion pack id such as MPAB'),
  engagement_type: z.enum(['none']),
  status: z.enum(['active']),
});

// `GET /users/{id}/classifieds_promotion_packs/{listing_type}?categoryId=`.
export const packAvailabilitySchema = z.object({ has_available_listings: z.boolean() });

const availableListingTypeSchema = z.object({
  site_id: siteIdSchema,
  id: z.string(),
  name: z.string(),
  remaining_listings: z.number().int().nonnegative().nullable(),
  mapping: z.string(),
});

// `GET /users/{id}/available_listing_types[?category_id=]`.
export const availableListingTypesSchema = z.object({
  available: z.array(availableListingTypeSchema),
  exceptions_by_category: z.array(
    z.object({ category_id: z.string(), available: z.array(availableListingTypeSchema) }),
  ),
});

// `GET /users/{id}/available_listing_type/{listing_type_id}?category_id=`.
export const listingTypeAvailabilitySchema = z.object({
  available: z.boolean(),
  cause: z.string().nullable(),
  code: z.string().nullable(),
  mapping: z.string(),
  remaining_listings: z.number().int().nonnegative().nullable(),
});

export { categoryIdSchema };
export type UserAddress = z.infer<typeof userAddressSchema>;
export type AcceptedPaymentMethod = z.infer<typeof acceptedPaymentMethodSchema>;
export type Application = z.infer<typeof applicationSchema>;
export type ApplicationRevocation = z.infer<typeof applicationRevocationSchema>;
export type UserBrands = z.infer<typeof userBrandsSchema>;
export type PromotionPack = z.infer<typeof promotionPackSchema>;
export type PromotionPackRequest = z.infer<typeof promotionPackRequestSchema>;
export type PackAvailability = z.infer<typeof packAvailabilitySchema>;
export type AvailableListingTypes = z.infer<typeof availableListingTypesSchema>;
export type ListingTypeAvailability = z.infer<typeof listingTypeAvailabilitySchema>;
