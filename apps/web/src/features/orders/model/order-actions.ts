import {
  DELIVERY_STEPS,
  type DeliveryState,
  type PartialOrder,
  type SELLER_CANCEL_CODES,
  type ShipmentDelivery,
} from '@mostrador/contracts';

const FINAL = new Set(['cancelled', 'invalid', 'manually_cancelled']);

/** Whether the marketplace would still let the seller cancel: not cancelled nor invalid yet. */
export const isCancellable = (order: Pick<PartialOrder, 'status'>): boolean => !FINAL.has(order.status);

/**
 * The codes a seller may cancel with: `fraud_risk_detected` only after a fraud alert, and then first, since that
 * is why the seller cancels.
 */
export function cancelCodes(order: Pick<PartialOrder, 'tags'>): (typeof SELLER_CANCEL_CODES)[number][] {
  return order.tags.includes('fraud_risk_detected')
    ? ['fraud_risk_detected', 'seller_cancel_sale', 'seller_out_of_stock']
    : ['seller_cancel_sale', 'seller_out_of_stock'];
}

/**
 * The steps the delivery may take next (the contracts' table). A seller's own delivery recorded without proof may
 * be recorded again with it; once proved, nothing follows.
 */
export function deliverySteps(delivery: ShipmentDelivery | null | undefined): DeliveryState[] {
  if (!delivery) return [];
  const steps = DELIVERY_STEPS[delivery.platform_shipping ? 'platform' : 'own'][delivery.state] ?? [];
  if (delivery.state === 'delivered' && delivery.evidence !== null) return [];
  return [...steps];
}

/** Whether a step carries proof the seller gives: a delivery it arranged itself. */
export const takesEvidence = (delivery: Pick<ShipmentDelivery, 'platform_shipping'>, step: DeliveryState) =>
  step === 'delivered' && !delivery.platform_shipping;
