import {
  CANCEL_DETAIL_GROUPS,
  EVIDENCE_KINDS,
  FEEDBACK_RATINGS,
  OAUTH_SCOPES,
  ORDER_CHANNELS,
  ORDER_NOTIFICATION_TOPICS,
  ORDER_PAYMENT_STATUSES,
  ORDER_STATUSES,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
} from '@mostrador/contracts';
import { i18n, type MessageId, translate } from './i18n.ts';

/**
 * Names of the platform's codes in the active language, by code (never by matching English text); a code the
 * dashboard does not know yet shows as the platform sent it.
 */
function byCode<const Code extends string>(prefix: string, codes: readonly Code[]) {
  const known = new Set<string>(codes);
  return (code: string): string =>
    known.has(code) ? translate(`${prefix}.${code}` as MessageId) : code.replaceAll('_', ' ');
}

export const paymentStatusName = byCode('paymentStatus', [
  ...ORDER_PAYMENT_STATUSES,
  'refunded',
  'cancelled',
  'charged_back',
]);
export const shipmentStatusName = byCode('shipmentStatus', SHIPMENT_STATUSES);
export const shipmentModeName = byCode('shipmentMode', SHIPMENT_MODES);
export const evidenceKindName = byCode('evidenceKind', EVIDENCE_KINDS);
export const feedbackRatingName = byCode('feedbackRating', FEEDBACK_RATINGS);
export const itemConditionName = byCode('itemCondition', ['new', 'used', 'refurbished', 'not_specified']);
export const requesterName = byCode('cancelRequester', ['buyer', 'seller', 'platform', 'admin', 'internal']);
export const personalDataFieldName = byCode('personalDataField', [
  'first_name',
  'last_name',
  'phone',
  'alternative_phone',
  'email',
  'identification',
  'address',
  'contact',
  'address_line',
  'street_name',
  'street_number',
  'zip_code',
  'credit',
]);
export const paymentTypeName = byCode('paymentType', [
  'account_money',
  'credit_card',
  'debit_card',
  'ticket',
  'bank_transfer',
  'atm',
  'prepaid_card',
  'digital_currency',
  'digital_wallet',
]);
export const orderChannelName = byCode('orderChannel', ORDER_CHANNELS);
// The spec names `sale_fee` as an example of a discount's funding; the seed also writes `seller` and `co_funded`.
export const discountFundingName = byCode('discountFunding', ['seller', 'co_funded', 'sale_fee']);

const CANCEL_REASONS = [
  'buyer_cancel_purchase',
  'seller_out_of_stock',
  'seller_cancel_sale',
  'fraud_risk_detected',
  'fraud_malicious_buyer',
  'shipment_not_delivered',
  'mediation_refund',
  'item_removed',
  'carrier_return',
  'chargeback_carrier_return',
  'chargeback_not_shipped',
  'chargeback_not_delivered',
] as const;
const knownCancelReasons = new Set<string>(CANCEL_REASONS);
const cancelGroupName = byCode('cancelGroup', CANCEL_DETAIL_GROUPS);

/**
 * Why an order was cancelled, in the active language: by the cancellation's code, else by its group; the platform's
 * own description is English and is never shown.
 */
export function cancelReasonName(detail: { code: string; group: string }): string {
  return knownCancelReasons.has(detail.code)
    ? translate(`cancelReason.${detail.code as (typeof CANCEL_REASONS)[number]}`)
    : cancelGroupName(detail.group);
}

export const orderStatusDetailName = byCode('orderStatusDetail', ['invalid']);

const ACCESSED_RESOURCES: Record<string, MessageId> = {
  'GET /orders/search': 'accessedResource.orderSearch',
  'GET /orders/{order_id}': 'accessedResource.order',
  'GET /users/me': 'accessedResource.account',
  'GET /users/{user_id}': 'accessedResource.account',
  'GET /users/{user_id}/addresses': 'accessedResource.addresses',
};

/** Where personal data was read (the access log's `GET /orders/search`…), named for people, never as the path. */
export const accessedResourceName = (resource: string): string =>
  translate(ACCESSED_RESOURCES[resource] ?? 'accessedResource.other');

/** A notification's topic (`orders_v2`), named for people. */
export const notificationTopicName = byCode('notificationTopic', ORDER_NOTIFICATION_TOPICS);

/** What an application may do, by its OAuth scope (`offline_access`). */
export const scopeName = byCode('oauthScope', OAUTH_SCOPES);

/** An order's status, by code, where the orders feature's badge is not at hand. */
export const orderStatusName = byCode('orderStatus', ORDER_STATUSES);

/** Who has rated an order so far (`feedback.status` of the order search). */
export const feedbackStatusName = byCode('feedbackStatus', [
  'pending',
  'waiting_buyer',
  'waiting_seller',
  'complete',
]);
export const mediationStageName = byCode('mediationStage', ['claim', 'dispute']);
export const mediationStatusName = byCode('mediationStatus', ['opened', 'closed']);

/** The seller's MercadoLíder medal (`power_seller_status`), by code. */
export const powerSellerStatusName = byCode('powerSellerStatus', ['platinum', 'gold', 'silver']);

/**
 * A code's name standing alone (a badge, a field's value, after a "·"), capitalised like the order statuses beside it;
 * inside a sentence ("Payment 123 approved") the name is used as it is.
 */
export const asLabel = (name: string): string =>
  name.charAt(0).toLocaleUpperCase(i18n.locale || undefined) + name.slice(1);

/** The product attributes the platform records per order (spec 4.4's `/orders/{id}/product`), by name. */
const productAttributeCode = byCode('productAttribute', ['IMEI', 'serial_number', 'entry_date']);
export const productAttributeName = (name: string): string => asLabel(productAttributeCode(name));
