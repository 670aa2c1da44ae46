import {
  CHARGEBACK_COVERED_TAG,
  DELIVERY_STEPS,
  type DeliveryCase,
  type DeliveryProgressBody,
  type DeliveryState,
  deliveryCase,
  type EvidenceKind,
  type SaleOutcome,
  type SaleTrigger,
  saleOutcome,
} from '@mostrador/contracts';
import {
  giveBack,
  LifecycleError,
  open,
  SELLER_CANCEL_CODES,
  type SellerCancelCode,
  type Transition,
  unwind,
  withTags,
} from './order-lifecycle.ts';
import type { OrderRecord } from './order-record.ts';

/**
 * Spec 1's table, as operations on an order and its delivery (docs/decisions/0090-sale-outcome-by-delivery.md): a
 * cancellation by the seller or a buyer's chargeback settles by the row the delivery is in, and the delivery moves
 * on step by step (0091). Pure, like the rest of the life cycle: the order-writing repository stores the result.
 */

export interface DeliveryRecord {
  /** Null when the order has no shipment: the parties arrange the delivery themselves. */
  shipmentId: number | null;
  platformShipping: boolean;
  state: DeliveryState;
  evidence: { kind: EvidenceKind; reference: string; at: number } | null;
  trackingNumber: string | null;
}

export const NO_SHIPMENT: DeliveryRecord = {
  shipmentId: null,
  platformShipping: false,
  state: 'not_platform_shipping',
  evidence: null,
  trackingNumber: null,
};

export const caseOf = (d: DeliveryRecord): DeliveryCase =>
  deliveryCase({ platformShipping: d.platformShipping, state: d.state, evidence: d.evidence !== null });

export interface Settlement extends Transition {
  delivery: DeliveryRecord;
  deliveryCase: DeliveryCase;
  outcome: SaleOutcome;
  /** How the seller is told: by its own contact (e-mail or phone) for its own deliveries, else the notification. */
  noticeBy: 'contact' | 'notification';
}

const CHARGEBACK_DETAIL: Record<Exclude<SaleOutcome, 'covered'>, [string, string, string]> = {
  refund: [
    'buyer',
    'chargeback_not_delivered',
    'Buyer’s chargeback; no evidence of delivery, the seller refunds',
  ],
  cancelled: ['buyer', 'chargeback_not_shipped', 'Buyer’s chargeback before shipping; the sale is cancelled'],
  carrier_return: [
    'delivery',
    'chargeback_carrier_return',
    'Buyer’s chargeback after shipping; the carrier returns the item to the seller',
  ],
};

/**
 * Settles a cancellation or a chargeback by the table. Covered: the order stays as it is, money with the seller,
 * tagged `chargeback_covered` (a second chargeback changes nothing). Otherwise the order is cancelled, approved
 * money refunded, stock given back, tagged `not_delivered` (or `delivered` when the seller itself cancels a sale it
 * delivered with evidence), and the shipment cancelled or sent back by the carrier.
 */
export function settle(
  o: OrderRecord,
  delivery: DeliveryRecord,
  input:
    | { trigger: 'cancellation'; code: SellerCancelCode; applicationId: number; now: number }
    | { trigger: 'chargeback'; now: number },
): Settlement {
  open(o);
  const { trigger, now } = input;
  if (trigger === 'chargeback' && !o.payments.some((p) => p.status === 'approved')) {
    throw new LifecycleError('invalid_order_status', 'A chargeback needs an approved payment.');
  }
  if (input.trigger === 'cancellation' && input.code === 'fraud_risk_detected') {
    if (!o.tags.includes('fraud_risk_detected'))
      throw new LifecycleError('bad_request', 'The order has no fraud alert.');
  }
  const c = caseOf(delivery);
  const outcome = saleOutcome(c, trigger as SaleTrigger);
  const noticeBy = c.startsWith('own_') ? 'contact' : 'notification';
  if (outcome === 'covered') {
    if (o.tags.includes(CHARGEBACK_COVERED_TAG)) {
      return { order: o, stock: [], changed: false, delivery, deliveryCase: c, outcome, noticeBy };
    }
    const after: OrderRecord = structuredClone(o);
    after.tags = withTags(after.tags, ['delivered', CHARGEBACK_COVERED_TAG], ['not_delivered']);
    after.lastUpdated = now;
    return { order: after, stock: [], changed: true, delivery, deliveryCase: c, outcome, noticeBy };
  }
  const after: OrderRecord = structuredClone(o);
  after.status = 'cancelled';
  if (input.trigger === 'chargeback') {
    const [group, code, description] = CHARGEBACK_DETAIL[outcome];
    after.cancelDetail = { group, code, description, requested_by: 'buyer', date: now, application_id: null };
  } else if (outcome === 'carrier_return') {
    after.cancelDetail = {
      group: 'delivery',
      code: 'carrier_return',
      description: 'Cancelled by the seller after shipping; the carrier returns the item',
      requested_by: 'seller',
      date: now,
      application_id: String(input.applicationId),
    };
  } else {
    const reason = SELLER_CANCEL_CODES[input.code];
    after.cancelDetail = {
      group: reason.group,
      code: input.code,
      description: reason.description,
      requested_by: 'seller',
      date: now,
      application_id: String(input.applicationId),
    };
  }
  unwind(after, { status: 'cancelled', detail: 'by_collector' }, now);
  after.tags = withTags(after.tags, [c === 'own_with_evidence' ? 'delivered' : 'not_delivered']);
  const moved: DeliveryRecord =
    delivery.shipmentId === null
      ? delivery
      : outcome === 'cancelled'
        ? { ...delivery, state: 'cancelled' }
        : outcome === 'carrier_return'
          ? { ...delivery, state: 'returning' }
          : delivery;
  return {
    order: after,
    stock: giveBack(o),
    changed: true,
    delivery: moved,
    deliveryCase: caseOf(moved),
    outcome,
    noticeBy,
  };
}

export interface DeliveryStep {
  delivery: DeliveryRecord;
  /** The order after the step; `changed` false when the order itself does not change (the item back home). */
  order: Transition;
}

/**
 * Moves a delivery one step on. A delivery by the platform's carrier carries the carrier's scan as evidence; a
 * seller's own delivery carries the evidence it gives, or none. The order follows: tagged `delivered` (fulfilled)
 * or `not_delivered`, and touched on every step while it is open, since what a cancellation would do changes.
 */
export function progressDelivery(
  o: OrderRecord,
  delivery: DeliveryRecord,
  body: DeliveryProgressBody,
  now: number,
): DeliveryStep {
  const to = body.state;
  const steps = DELIVERY_STEPS[delivery.platformShipping ? 'platform' : 'own'][delivery.state] ?? [];
  if (!steps.includes(to) || (to === 'delivered' && delivery.state === 'delivered' && !body.evidence)) {
    throw new LifecycleError(
      'invalid_order_status',
      `The shipment is ${delivery.state.replaceAll('_', ' ')}; it cannot become ${to.replaceAll('_', ' ')}.`,
    );
  }
  if (delivery.state === 'delivered' && delivery.evidence !== null) {
    throw new LifecycleError('invalid_order_status', 'The delivery already has its evidence.');
  }
  if (body.evidence && to !== 'delivered') {
    throw new LifecycleError('bad_request', 'evidence: only a delivery carries evidence.');
  }
  let evidence: DeliveryRecord['evidence'] = delivery.evidence;
  if (to === 'delivered') {
    evidence = body.evidence
      ? { ...body.evidence, at: now }
      : delivery.platformShipping
        ? {
            kind: 'carrier_scan',
            reference: delivery.trackingNumber ?? `SHP-${delivery.shipmentId}`,
            at: now,
          }
        : null;
  }
  const next: DeliveryRecord = { ...delivery, state: to, evidence };
  if (to === 'returned') return { delivery: next, order: { order: o, stock: [], changed: false } };
  open(o);
  const after: OrderRecord = structuredClone(o);
  if (to === 'delivered') {
    after.tags = withTags(after.tags, ['delivered'], ['not_delivered']);
    after.fulfilled = true;
  } else if (to === 'not_delivered') {
    after.tags = withTags(after.tags, ['not_delivered'], ['delivered']);
  }
  after.lastUpdated = now;
  return { delivery: next, order: { order: after, stock: [], changed: true } };
}
