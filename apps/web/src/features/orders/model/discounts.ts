import type { OrderDiscount } from '@mostrador/contracts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { sumMoney } from './money.ts';

export type DiscountType = OrderDiscount['type'];

export interface DiscountLine {
  type: DiscountType;
  /** Coupon id, offer id, campaign or cashback id: what the seller can look the discount up by. */
  reference: string | null;
  fundingMode: string | null;
  items: { id: string; quantity: number; total: number; seller: number; platform: number }[];
  total: number;
  /** The part borne by the seller (`amounts.seller`). */
  seller: number;
  /** The rest, borne by the platform or the campaign. */
  platform: number;
  /** Cashback is paid in another unit (e.g. platform credit): its currency and value. */
  counterCurrency: { currencyId: string; value: number } | null;
}

export interface DiscountBreakdown {
  currencyId: string;
  lines: DiscountLine[];
  byType: Record<DiscountType, { total: number; seller: number; platform: number; count: number }>;
  total: number;
  seller: number;
  platform: number;
}

function referenceOf(discount: OrderDiscount): string | null {
  if (discount.type === 'coupon') return `#${discount.coupon.id}`;
  if (discount.type === 'cashback') return `#${discount.cashback.id}`;
  const supplier = discount.supplier;
  if (supplier.offer_id) return translate('orders.discounts.offer', { offer_id: supplier.offer_id });
  if (supplier.campaign_id)
    return translate('orders.discounts.campaign', { campaign_id: supplier.campaign_id });
  return null;
}

/**
 * The discounts of an order (`GET /orders/{id}/discounts`) split into what the seller bears and what the
 * platform bears, per discount and per type, in the order's item currency.
 */
export function discountBreakdown(details: readonly OrderDiscount[], currencyId: string): DiscountBreakdown {
  const sum = (values: number[]) => sumMoney(values, currencyId);
  const lines = details.map((discount): DiscountLine => {
    const items = discount.items.map((item) => ({
      id: item.id,
      quantity: item.quantity,
      total: item.amounts.total,
      seller: item.amounts.seller,
      platform: sum([item.amounts.total, -item.amounts.seller]),
    }));
    const total = sum(items.map((item) => item.total));
    const seller = sum(items.map((item) => item.seller));
    const supplier = discount.supplier;
    return {
      type: discount.type,
      reference:
        referenceOf(discount) ??
        (supplier.meli_campaign
          ? translate('orders.discounts.campaign', { campaign_id: supplier.meli_campaign })
          : null),
      fundingMode: supplier.funding_mode ?? null,
      items,
      total,
      seller,
      platform: sum([total, -seller]),
      counterCurrency:
        discount.type === 'cashback'
          ? { currencyId: discount.counter_currency.currency_id, value: discount.counter_currency.value }
          : null,
    };
  });
  const empty = () => ({ total: 0, seller: 0, platform: 0, count: 0 });
  const byType: DiscountBreakdown['byType'] = { coupon: empty(), discount: empty(), cashback: empty() };
  for (const line of lines) {
    const bucket = byType[line.type];
    bucket.total = sum([bucket.total, line.total]);
    bucket.seller = sum([bucket.seller, line.seller]);
    bucket.platform = sum([bucket.platform, line.platform]);
    bucket.count += 1;
  }
  return {
    currencyId,
    lines,
    byType,
    total: sum(lines.map((line) => line.total)),
    seller: sum(lines.map((line) => line.seller)),
    platform: sum(lines.map((line) => line.platform)),
  };
}
