import { describe, expect, it } from 'vitest';
import { convertMoney, sumMoney, toMinor, totalWithShipping } from './money.ts';

// Shapes as the seed writes them (GET /orders/{id} and GET /shipments/{id} with x-format-new: true).
const arsOrder = {
  total_amount: 841598,
  currency_id: 'ARS',
  order_items: [{ currency_id: 'ARS' }, { currency_id: 'ARS' }],
  taxes: { amount: 25247.94, currency_id: 'ARS' },
};
const arsShipment = { lead_time: { cost: 15499.99, currency_id: 'ARS' } };

describe('totalWithShipping', () => {
  it('adds total_amount, taxes.amount and lead_time.cost in the item currency', () => {
    expect(totalWithShipping(arsOrder, arsShipment)).toEqual({
      ok: true,
      currencyId: 'ARS',
      totalAmount: 841598,
      taxes: 25247.94,
      shipping: 15499.99,
      total: 882345.93,
      hasShipment: true,
    });
  });

  it('counts null taxes and a missing shipment as zero', () => {
    const total = totalWithShipping({ ...arsOrder, taxes: { amount: null, currency_id: null } }, null);
    expect(total).toMatchObject({ ok: true, total: 841598, taxes: 0, shipping: 0, hasShipment: false });
  });

  it('adds cents exactly where floating point would not', () => {
    const order = { ...arsOrder, total_amount: 0.1, taxes: { amount: 0.2, currency_id: 'ARS' } };
    const total = totalWithShipping(order, { lead_time: { cost: 0.4, currency_id: 'ARS' } });
    expect(0.1 + 0.2 + 0.4).not.toBe(0.7);
    expect(total).toMatchObject({ ok: true, total: 0.7 });
  });

  it('keeps CLP and COP in whole pesos', () => {
    const clp = totalWithShipping(
      {
        total_amount: 45990,
        currency_id: 'CLP',
        order_items: [{ currency_id: 'CLP' }],
        taxes: { amount: 8738, currency_id: 'CLP' },
      },
      { lead_time: { cost: 3990, currency_id: 'CLP' } },
    );
    expect(clp).toMatchObject({ ok: true, currencyId: 'CLP', total: 58718 });
    const cop = totalWithShipping(
      {
        total_amount: 189900,
        currency_id: 'COP',
        order_items: [{ currency_id: 'COP' }],
        taxes: { amount: 36081.4, currency_id: 'COP' },
      },
      { lead_time: { cost: 12500, currency_id: 'COP' } },
    );
    // 36,081.4 COP is 36,081 whole pesos: the platform has no cents for COP.
    expect(cop).toMatchObject({ ok: true, total: 238481 });
  });

  it('refuses to add parts in different currencies', () => {
    const total = totalWithShipping(arsOrder, { lead_time: { cost: 10, currency_id: 'USD' } });
    expect(total).toEqual({ ok: false, reason: 'currency_mismatch', currencies: ['ARS', 'USD'] });
  });
});

describe('convertMoney', () => {
  it('converts with the ratio and rounds to the target currency', () => {
    // ARS → USD with the seed's ratio.
    expect(convertMoney(882345.93, 0.000689655172, 'USD')).toBe(608.51);
    // ARS → CLP: whole pesos.
    expect(convertMoney(1000, 0.95123, 'CLP')).toBe(951);
    expect(convertMoney(1000, 1.2345, 'COP')).toBe(1235);
  });
});

describe('sumMoney and toMinor', () => {
  it('work in minor units of the currency', () => {
    expect(toMinor(25247.94, 2)).toBe(2524794);
    expect(toMinor(1.005, 2)).toBe(101);
    expect(sumMoney([10900, -0.01], 'ARS')).toBe(10899.99);
    expect(sumMoney([1000.4, 1000.4], 'CLP')).toBe(2000);
  });
});
