import type { OrderStatus } from '@mostrador/contracts';
import { translate } from '../../../../lib/i18n/i18n.ts';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  get confirmed() {
    return translate('orders.orderLabels.confirmed');
  },
  get payment_required() {
    return translate('orders.orderLabels.paymentRequired');
  },
  get payment_in_process() {
    return translate('orders.orderLabels.paymentInProcess');
  },
  get partially_paid() {
    return translate('orders.orderLabels.partiallyPaid');
  },
  get paid() {
    return translate('orders.orderLabels.paid');
  },
  get cancelled() {
    return translate('orders.orderLabels.cancelled');
  },
  get invalid() {
    return translate('orders.orderLabels.invalid');
  },
  get manually_cancelled() {
    return translate('orders.orderLabels.manuallyCancelled');
  },
};

export const TAG_LABELS: Record<string, string> = {
  get paid() {
    return translate('orders.orderLabels.paid');
  },
  get not_delivered() {
    return translate('orders.orderLabels.notDelivered');
  },
  get delivered() {
    return translate('orders.orderLabels.delivered');
  },
  get fraud_risk_detected() {
    return translate('orders.orderLabels.fraudRisk');
  },
  get test_order() {
    return translate('orders.orderLabels.testOrder');
  },
  get shops() {
    return translate('orders.orderLabels.shops');
  },
  get pack_order() {
    return translate('orders.orderLabels.pack');
  },
  get no_shipping() {
    return translate('orders.orderLabels.noShipping');
  },
  get order_has_discount() {
    return translate('orders.orderLabels.discount');
  },
  get catalog() {
    return translate('orders.orderLabels.catalog');
  },
};

export const tagLabel = (tag: string) => TAG_LABELS[tag] ?? tag.replaceAll('_', ' ');
