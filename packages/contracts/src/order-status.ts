import { z } from 'zod';

// Section 3 statuses plus manually_cancelled, which search accepts and returns.
export const ORDER_STATUSES = [
  'confirmed',
  'payment_required',
  'payment_in_process',
  'partially_paid',
  'paid',
  'cancelled',
  'invalid',
  'manually_cancelled',
] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
