import { z } from 'zod';
import {
  alternativePhoneSchema,
  currencyIdSchema,
  idNameSchema,
  itemIdSchema,
  numericIdSchema,
  phoneSchema,
  siteIdSchema,
  timestampSchema,
} from './common.ts';
import { orderStatusSchema } from './order-status.ts';
import { pagingSchema } from './paging.ts';

// The statuses live in a module of their own: the orders list's address is checked with them before the list's code
// loads, and the first scripts then carry them without every schema of an order.
export { ORDER_STATUSES, type OrderStatus, orderStatusSchema } from './order-status.ts';

// Tags stay open strings on the order (the platform sends more, e.g. pack_order); these are the ones the spec names.
export const KNOWN_ORDER_TAGS = [
  'paid',
  'not_delivered',
  'delivered',
  'fraud_risk_detected',
  'test_order',
  'shops',
] as const;
export const knownOrderTagSchema = z.enum(KNOWN_ORDER_TAGS);

export const ORDER_CHANNELS = ['shops', 'proximity', 'pay-channel', 'marketplace'] as const;
export const orderChannelSchema = z.enum(ORDER_CHANNELS);

export const ORDER_FLOWS = [
  'cbt',
  'subscription',
  'reservation',
  'catalog',
  'contract',
  'supermarket',
  '3x_campaign',
  'high_concurrency',
  'lite',
] as const;
export const orderFlowSchema = z.enum(ORDER_FLOWS);

export const CANCEL_DETAIL_GROUPS = [
  'mediations',
  'fiscal',
  'buyer',
  'fraud',
  'item',
  'shipment',
  'delivery',
  'seller',
  'internal',
] as const;
export const cancelDetailGroupSchema = z.enum(CANCEL_DETAIL_GROUPS);

export const orderIdSchema = numericIdSchema;

// Fields whose inner shape the spec does not show keep everything they carry.
const openObjectSchema = z.looseObject({});

export const orderItemSchema = z.object({
  item: z.object({
    id: itemIdSchema,
    title: z.string(),
    variation_id: z.string().nullable(),
    variation_attributes: z.array(openObjectSchema),
    seller_custom_field: z.string().nullable(),
    condition: z.string(),
    category_id: z.string(),
    seller_sku: z.string().nullable(),
    warranty: z.string().nullable(),
  }),
  quantity: z.number().int().positive(),
  unit_price: z.number().nonnegative(),
  full_unit_price: z.number().nonnegative(),
  sale_fee: z.number().nonnegative(),
  listing_type_id: z.string(),
  currency_id: currencyIdSchema,
  base_currency_id: currencyIdSchema.nullable(),
  base_exchange_rate: z.number().nullable(),
  differential_pricing_id: z.number().int().nullable(),
  manufacturing_days: z.number().int().nonnegative().nullable(),
});

export const paymentSchema = z.object({
  id: numericIdSchema,
  order_id: orderIdSchema,
  payer_id: numericIdSchema,
  collector: z.object({ id: numericIdSchema }),
  card_id: numericIdSchema.nullable(),
  site_id: siteIdSchema,
  reason: z.string(),
  payment_method_id: z.string(),
  payment_type: z.string(),
  operation_type: z.string(),
  currency_id: currencyIdSchema,
  installments: z.number().int().positive(),
  installment_amount: z.number().nonnegative().nullable(),
  issuer_id: z.string(),
  atm_transfer_reference: z.object({
    company_id: z.string().nullable(),
    transaction_id: z.string().nullable(),
  }),
  coupon_id: numericIdSchema.nullable(),
  coupon_amount: z.number().nonnegative(),
  activation_uri: z.string().nullable(),
  available_actions: z.array(z.string()),
  status: z.string(),
  status_code: z.string().nullable(),
  status_detail: z.string(),
  transaction_amount: z.number().nonnegative(),
  taxes_amount: z.number().nonnegative(),
  shipping_cost: z.number().nonnegative(),
  overpaid_amount: z.number().nonnegative(),
  total_paid_amount: z.number().nonnegative(),
  marketplace_fee: z.number().nonnegative().nullable(),
  deferred_period: z.string().nullable(),
  date_approved: timestampSchema.nullable(),
  date_created: timestampSchema,
  date_last_modified: timestampSchema,
  authorization_code: z.string().nullable(),
  transaction_order_id: z.string().nullable(),
});

export const paymentShortSchema = paymentSchema.pick({
  id: true,
  transaction_amount: true,
  currency_id: true,
  status: true,
  date_created: true,
  date_last_modified: true,
});

const partyFields = {
  nickname: z.string().optional(),
  // Spec 2.1: a field without data is null, as the names of a user whose personal data was erased on request.
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  phone: phoneSchema.optional(),
  alternative_phone: alternativePhoneSchema.optional(),
};

export const orderPartySchema = z.object({
  id: z.string().regex(/^[1-9]\d*$/, 'expected a user id as a string of digits'),
  ...partyFields,
});

export const orderSearchPartySchema = z.object({ id: numericIdSchema, ...partyFields });

// Spec 2.2: the buyer, the seller or the platform operator, whose literal the spec does not give (decision 0131).
export const CANCEL_REQUESTERS = ['buyer', 'seller', 'platform'] as const;
export const cancelRequesterSchema = z.enum(CANCEL_REQUESTERS);

export const cancelDetailSchema = z.object({
  group: cancelDetailGroupSchema,
  code: z.string(),
  description: z.string(),
  requested_by: cancelRequesterSchema,
  date: timestampSchema,
  application_id: z.string().nullable(),
});

const orderFields = {
  id: orderIdSchema,
  status: orderStatusSchema,
  status_detail: z.object({ code: z.string().nullable(), description: z.string().nullable() }).nullable(),
  date_created: timestampSchema,
  // Spec 2.1: a field without data is null; an order never confirmed or paid has no closing date yet.
  date_closed: timestampSchema.nullable(),
  expiration_date: timestampSchema,
  last_updated: timestampSchema,
  order_items: z.array(orderItemSchema),
  total_amount: z.number().nonnegative(),
  paid_amount: z.number().nonnegative(),
  currency_id: currencyIdSchema,
  feedback: z.object({ purchase: openObjectSchema.nullable(), sale: openObjectSchema.nullable() }),
  context: z.object({
    channel: orderChannelSchema,
    site: siteIdSchema,
    flows: z.array(orderFlowSchema),
  }),
  // Null id: the parties agree delivery themselves, so there is no shipment.
  shipping: z.object({ id: numericIdSchema.nullable() }),
  tags: z.array(z.string()),
  taxes: z.object({ amount: z.number().nullable(), currency_id: currencyIdSchema.nullable() }),
  cancel_detail: cancelDetailSchema.nullable(),
  fulfilled: z.boolean().nullable(),
  buying_mode: z.string(),
  order_request: z.object({
    change: z.record(z.string(), z.unknown()).nullable(),
    return: z.record(z.string(), z.unknown()).nullable(),
  }),
  manufacturing_ending_date: timestampSchema.nullable(),
  hidden_for_seller: z.boolean(),
  comments: z.string().nullable(),
  pack_id: numericIdSchema.nullable(),
  pickup_id: numericIdSchema.nullable(),
  coupon: z.object({ id: numericIdSchema.nullable(), amount: z.number().nonnegative() }),
  shipping_cost: z.number().nonnegative().nullable(),
  application_id: z.string(),
  mediations: z.array(openObjectSchema),
};

// `GET /orders/{id}`: buyer/seller ids are digit strings, payments are the short form.
export const orderSchema = z.object({
  ...orderFields,
  date_last_updated: timestampSchema.optional(),
  buyer: orderPartySchema,
  seller: orderPartySchema,
  payments: z.array(paymentShortSchema),
});

// One entry of `GET /orders/search` results: buyer/seller ids are integers, payments are the full form.
export const orderSearchResultSchema = z.object({
  ...orderFields,
  date_last_updated: timestampSchema,
  buyer: orderSearchPartySchema,
  seller: orderSearchPartySchema,
  payments: z.array(paymentSchema),
});

// Spec 4.1: on 206 these members are returned empty and named in X-Content-Missing.
export const CONTENT_MISSING_MEMBERS = ['buyer', 'feedback', 'mediations', 'seller', 'shipping'] as const;
const emptyObjectSchema = z.strictObject({});

// The 206 form of `GET /orders/{id}`: members listed in `X-Content-Missing` arrive empty.
export const partialOrderSchema = orderSchema.extend({
  buyer: orderPartySchema.or(emptyObjectSchema),
  seller: orderPartySchema.or(emptyObjectSchema),
  feedback: orderSchema.shape.feedback.or(emptyObjectSchema),
  shipping: orderSchema.shape.shipping.or(emptyObjectSchema),
});

/**
 * The legacy format of `GET /orders/{id}` (without `x-format-new: true`, decision 0005): `shipping` embeds a summary
 * of the shipment instead of its id alone, as the platform's older recorded answers do.
 */
export const legacyOrderShippingSchema = z
  .object({
    id: numericIdSchema,
    shipment_type: z.string(),
    status: z.string(),
    date_created: timestampSchema,
    currency_id: currencyIdSchema,
    cost: z.number().nonnegative(),
  })
  .or(z.object({ id: z.null() }));
export const legacyOrderSchema = orderSchema.extend({ shipping: legacyOrderShippingSchema });
export const partialLegacyOrderSchema = partialOrderSchema.extend({
  shipping: legacyOrderShippingSchema.or(emptyObjectSchema),
});

export const orderSearchEnvelopeSchema = z.object({
  // The q value, or null when the search has none.
  query: z.string().nullable(),
  results: z.array(orderSearchResultSchema),
  sort: idNameSchema,
  available_sorts: z.array(idNameSchema),
  filters: z.array(openObjectSchema),
  paging: pagingSchema,
  display: z.string(),
});

export const orderProductSchema = z.object({
  attributes: z.array(z.object({ name: z.string(), value: z.string(), id: z.number().int() })),
});

const discountItemSchema = z.object({
  id: itemIdSchema,
  quantity: z.number().int().positive(),
  amounts: z.object({ total: z.number().nonnegative(), seller: z.number().nonnegative() }),
  element_id: z.number().int().optional(),
});

const discountSupplierSchema = z.object({
  meli_campaign: z.string().optional(),
  offer_id: z.string().optional(),
  funding_mode: z.string().optional(),
  campaign_id: z.string().optional(),
});

export const orderDiscountSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('coupon'),
    coupon: z.object({ id: numericIdSchema }),
    supplier: discountSupplierSchema,
    items: z.array(discountItemSchema),
  }),
  z.object({
    type: z.literal('discount'),
    supplier: discountSupplierSchema,
    items: z.array(discountItemSchema),
  }),
  z.object({
    type: z.literal('cashback'),
    cashback: z.object({ id: z.string().min(1) }),
    counter_currency: z.object({ currency_id: currencyIdSchema, value: z.number() }),
    supplier: discountSupplierSchema,
    items: z.array(discountItemSchema),
  }),
]);

export const orderDiscountsSchema = z.object({ details: z.array(orderDiscountSchema) });

export type KnownOrderTag = z.infer<typeof knownOrderTagSchema>;
export type OrderChannel = z.infer<typeof orderChannelSchema>;
export type OrderFlow = z.infer<typeof orderFlowSchema>;
export type CancelDetailGroup = z.infer<typeof cancelDetailGroupSchema>;
export type CancelDetail = z.infer<typeof cancelDetailSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type PaymentShort = z.infer<typeof paymentShortSchema>;
export type OrderParty = z.infer<typeof orderPartySchema>;
export type OrderSearchParty = z.infer<typeof orderSearchPartySchema>;
export type Order = z.infer<typeof orderSchema>;
export type PartialOrder = z.infer<typeof partialOrderSchema>;
export type OrderSearchResult = z.infer<typeof orderSearchResultSchema>;
export type OrderSearchEnvelope = z.infer<typeof orderSearchEnvelopeSchema>;
export type OrderProduct = z.infer<typeof orderProductSchema>;
export type OrderDiscount = z.infer<typeof orderDiscountSchema>;
export type OrderDiscounts = z.infer<typeof orderDiscountsSchema>;
