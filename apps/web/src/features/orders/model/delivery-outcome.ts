import {
  CHARGEBACK_COVERED_TAG,
  type DeliveryCase,
  deliveryCase,
  type PartialOrder,
  type SaleOutcome,
  type ShipmentDelivery,
  saleOutcome,
} from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';

/** Plain names of spec 1's table rows, for the list filter and the panel. */
export const DELIVERY_CASE_LABELS: Record<DeliveryCase, string> = {
  get own_with_evidence() {
    return translate('orders.deliveryOutcome.ownDeliveryProved');
  },
  get own_without_evidence() {
    return translate('orders.deliveryOutcome.ownDeliveryNoProof');
  },
  get platform_not_shipped() {
    return translate('orders.deliveryOutcome.platformShippingNotShipped');
  },
  get platform_shipped() {
    return translate('orders.deliveryOutcome.platformShippingShipped');
  },
};

/** What each outcome means for the seller, in a sentence. */
const OUTCOME_WORDS: Record<SaleOutcome, string> = {
  get covered() {
    return translate('orders.deliveryOutcome.youAreCoveredThe');
  },
  get refund() {
    return translate('orders.deliveryOutcome.youRefundTheBuyer');
  },
  get cancelled() {
    return translate('orders.deliveryOutcome.theSaleAndIts');
  },
  get carrier_return() {
    return translate('orders.deliveryOutcome.theCarrierIsTold');
  },
};

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

const CARRIER_WORDS: Partial<Record<ShipmentDelivery['state'], string>> = {
  get shipped() {
    return translate('orders.deliveryOutcome.theCarrierHasThe');
  },
  get delivered() {
    return translate('orders.deliveryOutcome.theCarrierDeliveredThe');
  },
  get not_delivered() {
    return translate('orders.deliveryOutcome.theCarrierCouldNot');
  },
  get returning() {
    return translate('orders.deliveryOutcome.theCarrierIsBringing');
  },
  get returned() {
    return translate('orders.deliveryOutcome.thePackageCameBack');
  },
};

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
    ? 'There is no shipment: you and the buyer arrange the delivery, and no proof of it is recorded.'
    : delivery.platform_shipping
      ? c === 'platform_not_shipped'
        ? delivery.state === 'label_printed'
          ? 'The label is printed but the package has not reached the carrier.'
          : delivery.state === 'cancelled'
            ? 'The shipment was cancelled before it reached the carrier.'
            : 'The shipping label is not printed yet.'
        : (CARRIER_WORDS[delivery.state] ?? 'The carrier has the package.')
      : c === 'own_with_evidence'
        ? `You delivered it and recorded proof (${delivery.evidence?.kind.replaceAll('_', ' ')} ${delivery.evidence?.reference}).`
        : delivery.state === 'delivered'
          ? 'You marked it delivered, but without proof of delivery.'
          : 'You deliver this sale yourself and no proof of delivery is recorded.';
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
      ? 'The buyer charged back'
      : detail.requested_by === 'seller'
        ? 'You cancelled the sale'
        : detail.requested_by === 'buyer'
          ? 'The buyer cancelled'
          : 'The platform cancelled the sale';
    const returning = detail.code === 'carrier_return' || detail.code === 'chargeback_carrier_return';
    const back =
      delivery?.state === 'returned'
        ? ' The item is back with you.'
        : delivery?.state === 'returning'
          ? ' The carrier is bringing it back.'
          : '';
    happened = {
      title: returning
        ? translate('orders.deliveryOutcome.theCarrierReturnsThe', { who })
        : detail.code === 'chargeback_not_delivered'
          ? translate('orders.deliveryOutcome.youRefundedNoProof', { who })
          : detail.code === 'chargeback_not_shipped'
            ? translate('orders.deliveryOutcome.beforeShippingTheSale', { who })
            : `${who} (${detail.description})`,
      detail: `${refunded ? 'The buyer’s payment was refunded.' : 'No money had been collected.'}${back}`,
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
          ? 'Already charged back and covered: nothing more happens.'
          : OUTCOME_WORDS[saleOutcome(c, 'chargeback')]
        : 'Nothing to charge back: no payment has been approved.'
      : null,
    happened,
  };
}
