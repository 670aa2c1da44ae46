import {
  CHARGEBACK_COVERED_TAG,
  type DeliveryCase,
  deliveryCase,
  type PartialOrder,
  type SaleOutcome,
  type ShipmentDelivery,
  saleOutcome,
} from '@mostrador/contracts';
import { cancelReasonName, evidenceKindName } from '../../../lib/i18n/code-names.ts';
import { messagesByKey, translate } from '../../../lib/i18n/i18n.ts';

/** Plain names of spec 1's table rows, for the list filter and the panel. */
export const DELIVERY_CASE_LABELS: Record<DeliveryCase, string> = messagesByKey({
  own_with_evidence: 'orders.deliveryOutcome.ownDeliveryProved',
  own_without_evidence: 'orders.deliveryOutcome.ownDeliveryNoProof',
  platform_not_shipped: 'orders.deliveryOutcome.platformShippingNotShipped',
  platform_shipped: 'orders.deliveryOutcome.platformShippingShipped',
});

/** What each outcome means for the seller, in a sentence. */
const OUTCOME_WORDS: Record<SaleOutcome, string> = messagesByKey({
  covered: 'orders.deliveryOutcome.youAreCoveredThe',
  refund: 'orders.deliveryOutcome.youRefundTheBuyer',
  cancelled: 'orders.deliveryOutcome.theSaleAndIts',
  carrier_return: 'orders.deliveryOutcome.theCarrierIsTold',
});

export interface DeliveryOutcomeView {
  case: DeliveryCase;
  caseLabel: string;
  /** Why the order is in that row, in plain words. */
  because: string;
  /** Null once the order is final: nothing more will happen. */
  ifCancelled: string | null;
  ifChargedBack: string | null;
  /** What did happen, for an order the table already settled (or that ended otherwise). */
  happened: { title: string; detail: string; tone: 'success' | 'danger' | 'neutral' } | null;
}

const CARRIER_WORDS: Partial<Record<ShipmentDelivery['state'], string>> = messagesByKey({
  shipped: 'orders.deliveryOutcome.theCarrierHasThe',
  delivered: 'orders.deliveryOutcome.theCarrierDeliveredThe',
  not_delivered: 'orders.deliveryOutcome.theCarrierCouldNot',
  returning: 'orders.deliveryOutcome.theCarrierIsBringing',
  returned: 'orders.deliveryOutcome.thePackageCameBack',
});

const FINAL = new Set(['cancelled', 'invalid', 'manually_cancelled']);

/**
 * The panel's words: the table row the order is in now (from its shipment's delivery, or no shipment at all) and
 * what a cancellation or a chargeback would do; for a settled order, what did happen, read from its cancel detail,
 * tags, payments and shipment.
 */
export function deliveryOutcome(
  order: Pick<PartialOrder, 'status' | 'tags' | 'cancel_detail' | 'payments'>,
  delivery: ShipmentDelivery | null,
): DeliveryOutcomeView {
  const c =
    delivery?.case ??
    deliveryCase({ platformShipping: false, state: 'not_platform_shipping', evidence: false });
  const because = !delivery
    ? translate('orders.deliveryOutcome.because.noShipment')
    : delivery.platform_shipping
      ? c === 'platform_not_shipped'
        ? delivery.state === 'label_printed'
          ? translate('orders.deliveryOutcome.because.labelPrinted')
          : delivery.state === 'cancelled'
            ? translate('orders.deliveryOutcome.because.shipmentCancelled')
            : translate('orders.deliveryOutcome.because.noLabel')
        : (CARRIER_WORDS[delivery.state] ?? translate('orders.deliveryOutcome.theCarrierHasThe'))
      : c === 'own_with_evidence'
        ? translate('orders.deliveryOutcome.because.ownWithProof', {
            kind: delivery.evidence ? evidenceKindName(delivery.evidence.kind) : '',
            reference: delivery.evidence?.reference ?? '',
          })
        : delivery.state === 'delivered'
          ? translate('orders.deliveryOutcome.because.markedWithoutProof')
          : translate('orders.deliveryOutcome.because.ownWithoutProof');
  const open = !FINAL.has(order.status);
  const refunded = order.payments.some((p) => p.status === 'refunded');
  const detail = order.cancel_detail;
  let happened: DeliveryOutcomeView['happened'] = null;
  if (order.tags.includes(CHARGEBACK_COVERED_TAG)) {
    happened = {
      title: translate('orders.deliveryOutcome.chargedBackYouWere'),
      detail: translate('orders.deliveryOutcome.theBuyerChargedBack'),
      tone: 'success',
    };
  } else if (detail) {
    const who = detail.code.startsWith('chargeback_')
      ? 'buyer_chargeback'
      : detail.requested_by === 'seller'
        ? 'seller'
        : detail.requested_by === 'buyer'
          ? 'buyer'
          : 'platform';
    const returning = detail.code === 'carrier_return' || detail.code === 'chargeback_carrier_return';
    const back =
      delivery?.state === 'returned' ? 'returned' : delivery?.state === 'returning' ? 'returning' : 'none';
    happened = {
      title: returning
        ? translate('orders.deliveryOutcome.happened.carrierReturn', { who })
        : detail.code === 'chargeback_not_delivered'
          ? translate('orders.deliveryOutcome.happened.refundedNoProof', { who })
          : detail.code === 'chargeback_not_shipped'
            ? translate('orders.deliveryOutcome.happened.beforeShipping', { who })
            : translate('orders.deliveryOutcome.happened.other', { who, reason: cancelReasonName(detail) }),
      detail: translate('orders.deliveryOutcome.happened.money', { refunded: refunded ? 'yes' : 'no', back }),
      tone: 'danger',
    };
  }
  return {
    case: c,
    caseLabel: DELIVERY_CASE_LABELS[c],
    because,
    ifCancelled: open ? OUTCOME_WORDS[saleOutcome(c, 'cancellation')] : null,
    ifChargedBack: open
      ? order.payments.some((p) => p.status === 'approved')
        ? order.tags.includes(CHARGEBACK_COVERED_TAG)
          ? translate('orders.deliveryOutcome.alreadyCovered')
          : OUTCOME_WORDS[saleOutcome(c, 'chargeback')]
        : translate('orders.deliveryOutcome.nothingToChargeBack')
      : null,
    happened,
  };
}
