import type { OrderStatus } from '@mostrador/contracts';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  confirmed: 'Confirmed',
  payment_required: 'Payment required',
  payment_in_process: 'Payment in process',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  invalid: 'Invalid',
  manually_cancelled: 'Manually cancelled',
};

export const TAG_LABELS: Record<string, string> = {
  paid: 'Paid',
  not_delivered: 'Not delivered',
  delivered: 'Delivered',
  fraud_risk_detected: 'Fraud risk',
  test_order: 'Test order',
  shops: 'Shops',
  pack_order: 'Pack',
  no_shipping: 'No shipping',
  order_has_discount: 'Discount',
  catalog: 'Catalog',
};

export const tagLabel = (tag: string) => TAG_LABELS[tag] ?? tag.replaceAll('_', ' ');
