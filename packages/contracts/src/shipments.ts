import { z } from 'zod';
import { currencyIdSchema, idNameSchema, numericIdSchema, timestampSchema } from './common.ts';
import { shipmentDeliverySchema } from './delivery.ts';

export const SHIPMENT_STATUSES = [
  'pending',
  'handling',
  'ready_to_ship',
  'shipped',
  'delivered',
  'not_delivered',
  'cancelled',
] as const;
export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

export const SHIPMENT_MODES = ['me2', 'me1', 'custom', 'not_specified'] as const;
export const shipmentModeSchema = z.enum(SHIPMENT_MODES);

export const SHIPPING_COST_TYPES = ['charged', 'free', 'partially_free'] as const;
export const shippingCostTypeSchema = z.enum(SHIPPING_COST_TYPES);

// Street lines and receiver names are personal data (spec 5.6): parsing strips them if a source sends them.
export const shippingAddressSchema = z.object({
  city: idNameSchema,
  state: idNameSchema,
  country: idNameSchema,
  zip_code: z.string(),
});

export const shipmentDimensionsSchema = z.object({
  height: z.number().nonnegative(),
  width: z.number().nonnegative(),
  length: z.number().nonnegative(),
  weight: z.number().nonnegative(),
});

export const leadTimeSchema = z.object({
  cost: z.number().nonnegative(),
  currency_id: currencyIdSchema,
  cost_type: shippingCostTypeSchema,
  list_cost: z.number().nonnegative(),
  shipping_method: z.object({ id: numericIdSchema, name: z.string(), type: z.string() }).nullable(),
  estimated_delivery_time: z.object({ date: timestampSchema.nullable(), type: z.string() }),
});

// `GET /shipments/{id}` with `x-format-new: true`; `lead_time.cost` feeds the total with shipping (spec 4.1).
export const shipmentSchema = z.object({
  id: numericIdSchema,
  order_id: numericIdSchema,
  status: shipmentStatusSchema,
  substatus: z.string().nullable(),
  mode: shipmentModeSchema,
  logistic_type: z.string().nullable(),
  date_created: timestampSchema,
  last_updated: timestampSchema,
  tracking_number: z.string().nullable(),
  declared_value: z.number().nonnegative(),
  dimensions: shipmentDimensionsSchema.nullable(),
  origin: z.object({ sender_id: numericIdSchema, shipping_address: shippingAddressSchema }),
  destination: z.object({ receiver_id: numericIdSchema, shipping_address: shippingAddressSchema }),
  lead_time: leadTimeSchema,
  tags: z.array(z.string()),
  // Ours: where the delivery stands and its evidence (docs/decisions/0091-delivery-state-and-evidence.md).
  delivery: shipmentDeliverySchema.optional(),
});

// `GET /shipments/{id}` without `x-format-new`: the cost sits in `shipping_option`, there is no `lead_time`.
export const legacyShipmentSchema = z.object({
  id: numericIdSchema,
  order_id: numericIdSchema,
  status: shipmentStatusSchema,
  mode: shipmentModeSchema,
  date_created: timestampSchema,
  currency_id: currencyIdSchema,
  shipping_option: z.object({
    id: numericIdSchema,
    name: z.string(),
    cost: z.number().nonnegative(),
    list_cost: z.number().nonnegative(),
    currency_id: currencyIdSchema,
  }),
});

export type ShipmentStatus = z.infer<typeof shipmentStatusSchema>;
export type ShipmentMode = z.infer<typeof shipmentModeSchema>;
export type ShippingCostType = z.infer<typeof shippingCostTypeSchema>;
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type LeadTime = z.infer<typeof leadTimeSchema>;
export type Shipment = z.infer<typeof shipmentSchema>;
export type LegacyShipment = z.infer<typeof legacyShipmentSchema>;
