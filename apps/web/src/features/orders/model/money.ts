import { currencyDecimals } from '../../../lib/format.ts';

/**
 * Money arithmetic in minor units (cents, or whole pesos for CLP/COP): amounts from the API are decimal numbers,
 * and adding 0.1 + 0.2 in floating point must never show up as a wrong total.
 */
export function toMinor(amount: number, decimals: number): number {
  // Shifting the decimal point in the number's text avoids 1.005 * 100 = 100.49999…
  const shifted = Number(`${amount}e${decimals}`);
  return Math.round(Number.isFinite(shifted) ? shifted : amount * 10 ** decimals);
}

export function fromMinor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

/** Rounds an amount to the currency's decimal places. */
export function roundMoney(amount: number, currencyId: string): number {
  const decimals = currencyDecimals(currencyId);
  return fromMinor(toMinor(amount, decimals), decimals);
}

/** Adds amounts of one currency exactly (to its decimal places). */
export function sumMoney(amounts: readonly number[], currencyId: string): number {
  const decimals = currencyDecimals(currencyId);
  return fromMinor(
    amounts.reduce((sum, amount) => sum + toMinor(amount, decimals), 0),
    decimals,
  );
}

/** Converts with a `/currency_conversions/search` ratio, rounded to the target currency's decimal places. */
export function convertMoney(amount: number, ratio: number, toCurrencyId: string): number {
  return roundMoney(amount * ratio, toCurrencyId);
}

export interface TotalWithShippingInput {
  total_amount: number;
  currency_id: string;
  order_items: readonly { currency_id: string }[];
  taxes: { amount: number | null; currency_id: string | null };
}

export interface ShipmentCostInput {
  lead_time: { cost: number; currency_id: string };
}

export type TotalWithShipping =
  | {
      ok: true;
      /** The item currency, in which every part is expressed. */
      currencyId: string;
      totalAmount: number;
      taxes: number;
      shipping: number;
      /** `total_amount + taxes.amount + lead_time.cost`. */
      total: number;
      /** False when the order has no shipment: the parties agree delivery, and shipping counts as 0. */
      hasShipment: boolean;
    }
  | { ok: false; reason: 'currency_mismatch'; currencies: string[] };

/**
 * The total with shipping of spec 4.1: `total_amount + taxes.amount + lead_time.cost`, all in the item currency,
 * from the order and the shipment read with `x-format-new: true`. A missing tax amount counts as 0; parts in
 * another currency are refused rather than added (convert them first).
 */
export function totalWithShipping(
  order: TotalWithShippingInput,
  shipment: ShipmentCostInput | null,
): TotalWithShipping {
  const currencyId = order.order_items[0]?.currency_id ?? order.currency_id;
  const taxes = order.taxes.amount ?? 0;
  const shipping = shipment?.lead_time.cost ?? 0;
  const currencies = new Set([currencyId, order.currency_id]);
  if (order.taxes.amount !== null && order.taxes.currency_id) currencies.add(order.taxes.currency_id);
  if (shipment) currencies.add(shipment.lead_time.currency_id);
  for (const item of order.order_items) currencies.add(item.currency_id);
  if (currencies.size > 1) return { ok: false, reason: 'currency_mismatch', currencies: [...currencies] };
  return {
    ok: true,
    currencyId,
    totalAmount: order.total_amount,
    taxes,
    shipping,
    total: sumMoney([order.total_amount, taxes, shipping], currencyId),
    hasShipment: shipment !== null,
  };
}

/** Currencies a total is offered in when the marketplace's list is not there yet. */
export const FALLBACK_CONVERSION_TARGETS = ['USD', 'ARS', 'BRL', 'MXN', 'CLP', 'COP', 'UYU', 'PEN', 'EUR'];

/** What a total in `base` can be converted to: every currency the marketplace lists (or the usual ones) but itself. */
export function conversionTargets(listed: readonly { id: string }[] | undefined, base: string): string[] {
  return (listed?.map((currency) => currency.id) ?? FALLBACK_CONVERSION_TARGETS).filter((id) => id !== base);
}
