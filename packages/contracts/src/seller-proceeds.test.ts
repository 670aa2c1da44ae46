import { describe, expect, it } from 'vitest';
import { asSingleOrder, HAND_WORKED_ORDERS } from './hand-worked-orders.ts';
import { orderDiscountsSchema, orderSchema, orderSearchResultSchema } from './orders.ts';
import { type ProceedsOrder, proceedsReads, sellerProceeds } from './seller-proceeds.ts';

// The hand-worked orders, each with its figure worked out beside it, are in hand-worked-orders.ts (decision 0280):
// the web app's tests check the same figures on the order page, in the list and in the CSV.

interface Line {
  unit: number;
  quantity: number;
  sale_fee: number;
}

/** An order's members the figure reads; `total_amount` is the lines' price × quantity, as the API answers it. */
function order(parts: Partial<Omit<ProceedsOrder, 'order_items'>> & { order_items: Line[] }): ProceedsOrder {
  return {
    status: 'paid',
    total_amount: parts.order_items.reduce((sum, line) => sum + line.unit * line.quantity, 0),
    shipping_cost: null,
    payments: [],
    cancel_detail: null,
    ...parts,
  };
}
const line = (unit: number, quantity: number, saleFee: number): Line => ({
  unit,
  quantity,
  sale_fee: saleFee,
});
const approved = (amount: number) => ({ status: 'approved', transaction_amount: amount });
const refunded = (amount: number) => ({ status: 'refunded', transaction_amount: amount });

describe('sellerProceeds on hand-worked orders', () => {
  it.each(HAND_WORKED_ORDERS.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const shipment = c.shipment ? { lead_time: c.shipment } : null;
    expect(sellerProceeds(c.order, c.discounts, shipment)).toEqual(c.expected);
  });

  it.each(HAND_WORKED_ORDERS.map((c) => [c.name, c] as const))(
    '%s: is what the API answers, and what it reads is all its figure needs',
    (_name, c) => {
      expect(orderSearchResultSchema.parse(c.order)).toEqual(c.order);
      expect(orderSchema.parse(asSingleOrder(c.order)).payments).toHaveLength(c.order.payments.length);
      expect(orderDiscountsSchema.parse({ details: c.discounts }).details).toEqual(c.discounts);
      // The list and the export read the discounts and the shipment only when `proceedsReads` says so.
      const reads = proceedsReads(c.order);
      const read = sellerProceeds(
        c.order,
        reads.discounts ? c.discounts : [],
        reads.shipment && c.shipment ? { lead_time: c.shipment } : null,
      );
      expect(read).toEqual(c.expected);
    },
  );

  it('covers every kind the decision names', () => {
    const statuses = new Set(HAND_WORKED_ORDERS.map((c) => c.order.status));
    expect([...statuses].sort()).toEqual([
      'cancelled',
      'invalid',
      'paid',
      'partially_paid',
      'payment_in_process',
    ]);
    const discountTypes = new Set(HAND_WORKED_ORDERS.flatMap((c) => c.discounts.map((d) => d.type)));
    expect([...discountTypes].sort()).toEqual(['cashback', 'coupon', 'discount']);
    const codes = HAND_WORKED_ORDERS.map((c) => c.order.cancel_detail?.code).filter(Boolean);
    expect(codes).toEqual(expect.arrayContaining(['chargeback_carrier_return', 'chargeback_not_delivered']));
    expect(
      HAND_WORKED_ORDERS.some((c) => c.shipment && c.shipment.cost === 0 && c.shipment.list_cost > 0),
    ).toBe(true);
    // Each order is its own: the web tests answer its reads by its ids.
    expect(new Set(HAND_WORKED_ORDERS.map((c) => c.order.id)).size).toBe(HAND_WORKED_ORDERS.length);
  });
});

describe('proceedsReads', () => {
  const listed = (over: Partial<Parameters<typeof proceedsReads>[0]>) => ({
    ...order({ order_items: [line(100, 1, 13)], payments: [approved(100)] }),
    tags: ['paid'],
    coupon: { amount: 0 },
    shipping: { id: 44000000001 },
    ...over,
  });

  it('reads the shipment of a paid sale, its discounts when it is tagged with some or has a coupon', () => {
    expect(proceedsReads(listed({}))).toEqual({ discounts: false, shipment: true });
    expect(proceedsReads(listed({ tags: ['paid', 'order_has_discount'] }))).toEqual({
      discounts: true,
      shipment: true,
    });
    expect(proceedsReads(listed({ coupon: { amount: 10 }, shipping: { id: null } }))).toEqual({
      discounts: true,
      shipment: false,
    });
  });

  it('reads nothing when nothing came in, and only a returned package’s shipment on a sale undone', () => {
    const unpaid = { status: 'confirmed', payments: [], tags: ['order_has_discount'] };
    expect(proceedsReads(listed(unpaid))).toEqual({ discounts: false, shipment: false });
    const undone = { status: 'cancelled', payments: [refunded(100)], tags: ['order_has_discount'] };
    expect(proceedsReads(listed({ ...undone, cancel_detail: { code: 'seller_cancel_sale' } }))).toEqual({
      discounts: false,
      shipment: false,
    });
    expect(proceedsReads(listed({ ...undone, cancel_detail: { code: 'carrier_return' } }))).toEqual({
      discounts: false,
      shipment: true,
    });
  });
});
