import type { OrderDiscount } from '@mostrador/contracts';
import { describe, expect, it } from 'vitest';
import { discountBreakdown } from './discounts.ts';

// GET /orders/{id}/discounts of seeded orders.
const coupon: OrderDiscount = {
  type: 'coupon',
  coupon: { id: 507155590 },
  supplier: { meli_campaign: 'P-MLA3365343' },
  items: [{ id: 'MLA800081252', quantity: 1, amounts: { total: 78599.9, seller: 0 } }],
};
const discount: OrderDiscount = {
  type: 'discount',
  supplier: { offer_id: 'MLA800081252-9936bd', funding_mode: 'sale_fee' },
  items: [{ id: 'MLA800081252', quantity: 1, amounts: { total: 117899.85, seller: 47159.94 } }],
};
const cashback: OrderDiscount = {
  type: 'cashback',
  cashback: { id: '1799324477571927' },
  counter_currency: { currency_id: 'MCN', value: 9.979392 },
  supplier: { campaign_id: '11152893' },
  items: [
    { element_id: 1, id: 'MLA800081252', quantity: 1, amounts: { total: 23579.97, seller: 0 } },
    { element_id: 2, id: 'MLA800115204', quantity: 1, amounts: { total: 1667.97, seller: 0 } },
  ],
};

describe('discountBreakdown', () => {
  it('splits each discount into the seller’s part and the platform’s', () => {
    const breakdown = discountBreakdown([coupon, discount, cashback], 'ARS');
    expect(
      breakdown.lines.map((line) => [line.type, line.reference, line.total, line.seller, line.platform]),
    ).toEqual([
      ['coupon', '#507155590', 78599.9, 0, 78599.9],
      ['discount', 'Offer MLA800081252-9936bd', 117899.85, 47159.94, 70739.91],
      ['cashback', '#1799324477571927', 25247.94, 0, 25247.94],
    ]);
    expect(breakdown.total).toBe(221747.69);
    expect(breakdown.seller).toBe(47159.94);
    expect(breakdown.platform).toBe(174587.75);
    expect(breakdown.seller + breakdown.platform).toBeCloseTo(breakdown.total, 6);
  });

  it('keeps cashback’s counter currency and the funding mode', () => {
    const [line] = discountBreakdown([cashback], 'ARS').lines;
    expect(line?.counterCurrency).toEqual({ currencyId: 'MCN', value: 9.979392 });
    expect(discountBreakdown([discount], 'ARS').lines[0]?.fundingMode).toBe('sale_fee');
  });

  it('totals by type', () => {
    const { byType } = discountBreakdown([coupon, coupon, discount], 'ARS');
    expect(byType.coupon).toEqual({ total: 157199.8, seller: 0, platform: 157199.8, count: 2 });
    expect(byType.discount.count).toBe(1);
    expect(byType.cashback).toEqual({ total: 0, seller: 0, platform: 0, count: 0 });
  });

  it('rounds to whole pesos in COP', () => {
    const cop: OrderDiscount = {
      ...discount,
      items: [{ id: 'MCO1', quantity: 2, amounts: { total: 18990.6, seller: 9495.3 } }],
    };
    const [line] = discountBreakdown([cop], 'COP').lines;
    expect(line).toMatchObject({ total: 18991, seller: 9495, platform: 9496 });
  });

  it('is empty for an order without discounts', () => {
    expect(discountBreakdown([], 'BRL')).toMatchObject({ lines: [], total: 0, seller: 0, platform: 0 });
  });
});
