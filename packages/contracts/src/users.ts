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
