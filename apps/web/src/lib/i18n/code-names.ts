import {
  FEEDBACK_RATINGS,
  ORDER_CHANNELS,
  ORDER_PAYMENT_STATUSES,
  SHIPMENT_MODES,
  SHIPMENT_STATUSES,
} from '@mostrador/contracts';
import { type MessageId, translate } from './i18n.ts';

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
