import { z } from 'zod';
import { timestampSchema } from './common.ts';

// What happens to a sale depending on its delivery (spec 1; docs/decisions/0090-sale-outcome-by-delivery.md).

/** Where a shipment stands: the platform's shipping steps, a delivery the seller arranges, and the way back. */
export const DELIVERY_STATES = [
  'not_platform_shipping',
  'label_not_printed',
  'label_printed',
  'shipped',
  'delivered',
  'not_delivered',
  'returning',
  'returned',
  'cancelled',
] as const;
export const deliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** How a delivery was proved: the carrier's scan, a receipt the buyer signed, a tracking record, a photo. */
export const EVIDENCE_KINDS = ['carrier_scan', 'signed_receipt', 'tracking', 'photo'] as const;
export const evidenceKindSchema = z.enum(EVIDENCE_KINDS);
export type EvidenceKind = z.infer<typeof evidenceKindSchema>;

// An opaque reference to the proof (a tracking code, a receipt or file number): never a name, phone or address.
export const evidenceReferenceSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/,
    'expected a reference of letters, digits and . _ : - (at most 64)',
  );

export const deliveryEvidenceSchema = z.object({
  kind: evidenceKindSchema,
  reference: evidenceReferenceSchema,
  date: timestampSchema,
});

/** States a carrier (or the seller, for its own deliveries) may move a shipment to. */
export const DELIVERY_PROGRESS_STATES = [
  'label_printed',
  'shipped',
  'delivered',
  'not_delivered',
  'returned',
] as const;

/**
 * The steps a delivery may take from each state (decision 0091): the platform's shipping, and a delivery the seller
 * arranges, where `delivered` again adds the evidence a delivery recorded without it lacked.
 */
export const DELIVERY_STEPS: {
  platform: Partial<Record<DeliveryState, readonly DeliveryState[]>>;
  own: Partial<Record<DeliveryState, readonly DeliveryState[]>>;
} = {
  platform: {
    label_not_printed: ['label_printed'],
    label_printed: ['shipped'],
    shipped: ['delivered', 'not_delivered'],
    not_delivered: ['delivered'],
    returning: ['returned'],
  },
  own: {
    not_platform_shipping: ['delivered', 'not_delivered'],
    not_delivered: ['delivered'],
    delivered: ['delivered'],
  },
};

// `POST /shipments/{id}/delivery`: the next step of a delivery, with the proof when it was delivered.
export const deliveryProgressBodySchema = z.strictObject({
  state: z.enum(DELIVERY_PROGRESS_STATES),
  evidence: z.strictObject({ kind: evidenceKindSchema, reference: evidenceReferenceSchema }).optional(),
});
export type DeliveryProgressBody = z.infer<typeof deliveryProgressBodySchema>;

/**
 * The rows of spec 1's table: a delivery the seller arranged, with or without evidence that it arrived; the
 * platform's shipping before the package reached the carrier, and after.
 */
export const DELIVERY_CASES = [
  'own_with_evidence',
  'own_without_evidence',
  'platform_not_shipped',
  'platform_shipped',
] as const;
export const deliveryCaseSchema = z.enum(DELIVERY_CASES);
export type DeliveryCase = z.infer<typeof deliveryCaseSchema>;

/** The extra member `delivery` of a shipment (an extension of ours; the real platform does not send it). */
export const shipmentDeliverySchema = z.object({
  state: deliveryStateSchema,
  platform_shipping: z.boolean(),
  evidence: deliveryEvidenceSchema.nullable(),
  // The row of spec 1's table that applies now.
  case: deliveryCaseSchema,
});
export type ShipmentDelivery = z.infer<typeof shipmentDeliverySchema>;

export type SaleTrigger = 'cancellation' | 'chargeback';
export type SaleOutcome = 'covered' | 'refund' | 'cancelled' | 'carrier_return';

/** Which row of the table a shipment is in. No shipment at all is a delivery the parties arrange themselves. */
export function deliveryCase(delivery: {
  platformShipping: boolean;
  state: DeliveryState;
  evidence: boolean;
}): DeliveryCase {
  if (!delivery.platformShipping) {
    return delivery.state === 'delivered' && delivery.evidence ? 'own_with_evidence' : 'own_without_evidence';
  }
  return ['label_not_printed', 'label_printed', 'cancelled'].includes(delivery.state)
    ? 'platform_not_shipped'
    : 'platform_shipped';
}

/**
 * Spec 1: without the platform's shipping the seller is covered against a chargeback when the item was delivered
 * with evidence and refunds otherwise (a cancellation by the seller is always a refund: coverage protects against
 * the buyer's chargeback, not the seller's own choice); before the package reaches the carrier the sale is
 * cancelled; after, the carrier returns the item.
 */
export function saleOutcome(c: DeliveryCase, trigger: SaleTrigger): SaleOutcome {
  switch (c) {
    case 'own_with_evidence':
      return trigger === 'chargeback' ? 'covered' : 'refund';
    case 'own_without_evidence':
      return 'refund';
    case 'platform_not_shipped':
      return 'cancelled';
    case 'platform_shipped':
      return 'carrier_return';
  }
}

/** Tag a covered chargeback leaves on the order (the money stays with the seller). */
export const CHARGEBACK_COVERED_TAG = 'chargeback_covered';

/** cancel_detail codes the table's outcomes write (besides the seller's own cancellation codes). */
export const DELIVERY_CANCEL_CODES = [
  'chargeback_not_delivered',
  'chargeback_not_shipped',
  'chargeback_carrier_return',
  'carrier_return',
] as const;

/** How the seller heard of an outcome: e-mail or phone for its own deliveries, the platform's notification else. */
export const SELLER_NOTICE_CHANNELS = ['email', 'phone', 'notification'] as const;
export type SellerNoticeChannel = (typeof SELLER_NOTICE_CHANNELS)[number];
