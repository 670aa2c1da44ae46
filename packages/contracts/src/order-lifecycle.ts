import { z } from 'zod';
import { itemIdSchema, numericIdSchema } from './common.ts';
import { orderSchema } from './orders.ts';

// The order life cycle's operations (docs/decisions/0040-order-life-cycle.md, 0041-order-life-cycle-endpoints.md).

export const ORDER_PAYMENT_STATUSES = ['pending', 'in_process', 'approved', 'rejected'] as const;
export const SELLER_CANCEL_CODES = [
  'seller_out_of_stock',
  'seller_cancel_sale',
  'fraud_risk_detected',
] as const;

// `POST /orders`: the caller buys these of the seller's listed items.
export const createOrderBodySchema = z.strictObject({
  seller_id: numericIdSchema,
  items: z
    .array(z.strictObject({ id: itemIdSchema, quantity: z.number().int().min(1).max(100) }))
    .min(1)
    .max(10),
});

// `POST /orders/{id}/payments`: a new payment, or `payment_id` to move a pending or in-process one on.
export const orderPaymentBodySchema = z.strictObject({
  status: z.enum(ORDER_PAYMENT_STATUSES),
  amount: z.number().positive().max(1e12).optional(),
  payment_id: numericIdSchema.optional(),
  payment_method_id: z
    .string()
    .regex(/^[a-z][a-z0-9_]{1,39}$/, 'expected a payment method id, e.g. visa')
    .optional(),
});

// `POST /orders/{id}/cancel`, by the seller.
export const orderCancelBodySchema = z.strictObject({ code: z.enum(SELLER_CANCEL_CODES) });

// What a life-cycle operation answers: the order's state after it (read the whole order with GET /orders/{id}).
export const orderChangeSchema = orderSchema
  .pick({
    id: true,
    status: true,
    status_detail: true,
    date_created: true,
    date_closed: true,
    last_updated: true,
    order_items: true,
    total_amount: true,
    paid_amount: true,
    currency_id: true,
    tags: true,
    cancel_detail: true,
    payments: true,
  })
  .extend({ buyer: z.object({ id: numericIdSchema }), seller: z.object({ id: numericIdSchema }) })
  .strict();

export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;
export type OrderPaymentBody = z.infer<typeof orderPaymentBodySchema>;
export type OrderCancelBody = z.infer<typeof orderCancelBodySchema>;
export type OrderChange = z.infer<typeof orderChangeSchema>;
