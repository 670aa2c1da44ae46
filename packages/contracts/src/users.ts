import { z } from 'zod';
import {
  alternativePhoneSchema,
  countryIdSchema,
  numericIdSchema,
  phoneSchema,
  siteIdSchema,
  timestampSchema,
} from './common.ts';

const count = z.number().int().nonnegative();

export const sellerReputationSchema = z.object({
  level_id: z.string().nullable(),
  power_seller_status: z.string().nullable(),
  transactions: z.object({
    period: z.string(),
    total: count,
    completed: count,
    canceled: count,
    // Counts in the recorded bodies; the platform also reports shares (0.97), so any non-negative number.
    ratings: z.object({
      positive: z.number().nonnegative(),
      negative: z.number().nonnegative(),
      neutral: z.number().nonnegative(),
    }),
  }),
});

// Buyers without history get nulls instead of zeros, as the recorded bodies show.
const maybeCount = count.nullable();

export const buyerReputationSchema = z.object({
  canceled_transactions: count,
  transactions: z.object({
    period: z.string(),
    total: maybeCount,
    completed: maybeCount,
    canceled: z.object({ total: maybeCount, paid: maybeCount }),
    unrated: z.object({ total: maybeCount, paid: maybeCount }),
    not_yet_rated: z.object({ total: maybeCount, paid: maybeCount, units: maybeCount }),
  }),
  tags: z.array(z.string()).nullable(),
});

const permissionSchema = z.object({
  allow: z.boolean(),
  codes: z.array(z.string()),
  immediate_payment: z.object({ required: z.boolean(), reasons: z.array(z.string()) }),
});

export const userStatusSchema = z.object({
  site_status: z.string(),
  list: permissionSchema,
  buy: permissionSchema,
  sell: permissionSchema,
  billing: z.object({ allow: z.boolean(), codes: z.array(z.string()) }),
  paymentsvc_tc_accepted: z.boolean(),
  paymentsvc_account_type: z.string(),
  shippingsvc: z.string(),
  immediate_payment: z.boolean(),
  confirmed_email: z.boolean(),
  user_type: z.string().nullable(),
  required_action: z.string().nullable(),
});

// `GET /users/me`, or `GET /users/{id}` with that user's token (spec 2.9, private view).
export const userPrivateSchema = z.object({
  id: numericIdSchema,
  nickname: z.string(),
  registration_date: timestampSchema,
  first_name: z.string(),
  last_name: z.string(),
  country_id: countryIdSchema,
  email: z.string(),
  identification: z.object({ type: z.string(), number: z.string() }),
  address: z.object({
    state: z.string().nullable(),
    city: z.string().nullable(),
    address: z.string().nullable(),
    zip_code: z.string().nullable(),
  }),
  phone: phoneSchema,
  alternative_phone: alternativePhoneSchema,
  user_type: z.string(),
  tags: z.array(z.string()),
  logo: z.string().nullable(),
  points: z.number().int(),
  site_id: siteIdSchema,
  permalink: z.string(),
  seller_experience: z.string(),
  seller_reputation: sellerReputationSchema,
  buyer_reputation: buyerReputationSchema,
  status: userStatusSchema,
  credit: z.object({ consumed: z.number().int(), credit_level_id: z.string() }),
});

// Strict on purpose: a public view carrying any private member is a leak, so it must fail to parse, not be stripped.
// `GET /users/{id}` without that user's token (spec 2.9, public view).
export const userPublicSchema = z.strictObject({
  id: numericIdSchema,
  nickname: z.string(),
  registration_date: timestampSchema,
  country_id: countryIdSchema,
  address: z.strictObject({ state: z.string().nullable(), city: z.string().nullable() }),
  user_type: z.string(),
  tags: z.array(z.string()),
  logo: z.string().nullable(),
  points: z.number().int(),
  site_id: siteIdSchema,
  permalink: z.string(),
  seller_reputation: sellerReputationSchema,
  buyer_reputation: z.strictObject({ tags: z.array(z.string()) }),
  status: z.strictObject({ site_status: z.string() }),
});

export const immediatePaymentRequestSchema = z.strictObject({ reason: z.literal('by_user') });

export type SellerReputation = z.infer<typeof sellerReputationSchema>;
export type BuyerReputation = z.infer<typeof buyerReputationSchema>;
export type UserStatus = z.infer<typeof userStatusSchema>;
export type UserPrivate = z.infer<typeof userPrivateSchema>;
export type UserPublic = z.infer<typeof userPublicSchema>;
export type ImmediatePaymentRequest = z.infer<typeof immediatePaymentRequestSchema>;

// `PUT /users/{id}/immediate_payment` and `DELETE …/immediate_payment/by_user` answer the user's id, as recorded.
export const immediatePaymentResponseSchema = z.object({ id: numericIdSchema });

// 206: a member that could not be loaded is returned empty and named in `X-Content-Missing`, as orders do.
const empty = z.strictObject({});
export const USER_PARTS = ['seller_reputation', 'buyer_reputation'] as const;
export type UserPart = (typeof USER_PARTS)[number];

export const partialUserPrivateSchema = userPrivateSchema.extend({
  seller_reputation: sellerReputationSchema.or(empty),
  buyer_reputation: buyerReputationSchema.or(empty),
});
export const partialUserPublicSchema = userPublicSchema.extend({
  seller_reputation: sellerReputationSchema.or(empty),
  buyer_reputation: z.strictObject({ tags: z.array(z.string()) }).or(empty),
});

// Names as people write them, in any script: a letter first, then letters, marks, spaces, apostrophes, dots, hyphens.
const personName = z
  .string()
  .regex(/^\p{L}[\p{L}\p{M}' .-]{0,39}$/u, 'expected 1 to 40 letters, spaces, apostrophes, dots or hyphens');
const areaCode = z.string().regex(/^\d{0,5}$/, 'expected up to 5 digits');
const extension = z.string().regex(/^\d{0,6}$/, 'expected up to 6 digits');
const phoneNumber = z.string().regex(/^\d[\d -]{2,18}\d$/, 'expected 4 to 20 digits, spaces or hyphens');

/**
 * `PUT /users/{id}` (docs/decisions/0010-user-update-allowlist.md): only these members, each optional but at least
 * one. E-mail, identification, nickname and everything the platform computes are not editable here.
 */
export const userUpdateRequestSchema = z
  .strictObject({
    first_name: personName.optional(),
    last_name: personName.optional(),
    phone: z
      .strictObject({ area_code: areaCode, number: phoneNumber, extension: extension.optional() })
      .optional(),
    // An alternative phone of three empty strings removes it.
    alternative_phone: z
      .strictObject({
        area_code: areaCode,
        number: phoneNumber.or(z.literal('')),
        extension: extension.optional(),
      })
      .optional(),
    address: z
      .strictObject({
        address: z
          .string()
          .regex(
            /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'°º#/-]{2,99}$/u,
            'expected 3 to 100 address characters',
          ),
        state: z.string().regex(/^[A-Z]{2}-[A-Z0-9]{1,3}$/, 'expected an ISO state id such as AR-C'),
        city: z.string().regex(/^\p{L}[\p{L}\p{M}\p{N}' .-]{0,59}$/u, 'expected 1 to 60 letters'),
        zip_code: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'expected a postal code'),
      })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'at least one editable field is required');

export const USER_EDITABLE_FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'alternative_phone',
  'address',
] as const;

export type ImmediatePaymentResponse = z.infer<typeof immediatePaymentResponseSchema>;
export type PartialUserPrivate = z.infer<typeof partialUserPrivateSchema>;
export type PartialUserPublic = z.infer<typeof partialUserPublicSchema>;
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;
