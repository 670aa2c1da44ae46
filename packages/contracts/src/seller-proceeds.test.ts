import { describe, expect, it } from 'vitest';
import { type ProceedsOrder, proceedsReads, type SellerProceeds, sellerProceeds } from './seller-proceeds.ts';

// Every expected figure below is worked by hand in the comment beside it (decision 0280).

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
const shipment = (cost: number, listCost: number) => ({ lead_time: { cost, list_cost: listCost } });
const figures = (p: SellerProceeds) => ({
  total: p.total,
  unpaid: p.unpaid,
  fees: p.fees,
  shipping: p.shipping,
  discounts: p.discounts,
  refunded: p.refunded,
  receives: p.receives,
});

describe('sellerProceeds on hand-worked orders', () => {
  it('plain: two units, shipping paid by the buyer', () => {
    // total 2 × 1500.00 = 3000.00; fee 2 × 195.00 = 390.00; the buyer pays the whole 1200.00 of shipping (list 1200):
    // the seller pays none. 3000.00 − 390.00 = 2610.00.
    const p = sellerProceeds(
      order({ order_items: [line(1500, 2, 195)], shipping_cost: 1200, payments: [approved(4200)] }),
      [],
      shipment(1200, 1200),
    );
    expect(figures(p)).toEqual({
      total: 3000,
      unpaid: 0,
      fees: 390,
      shipping: 0,
      discounts: 0,
      refunded: 0,
      receives: 2610,
    });
    expect(p.paidShare).toBe(1);
    expect(p.undone).toBe(false);
  });

  it('coupon co-funded: only the seller part of the coupon is the seller’s cost', () => {
    // total 10000.00, fee 1300.00; a coupon of 1000.00 of which the seller bears 400.00 (the platform 600.00).
    // 10000.00 − 1300.00 − 400.00 = 8300.00.
    const p = sellerProceeds(
      order({ order_items: [line(10000, 1, 1300)], payments: [approved(10000)] }),
      [{ items: [{ amounts: { total: 1000, seller: 400 } }] }],
      null,
    );
    expect(figures(p)).toEqual({
      total: 10000,
      unpaid: 0,
      fees: 1300,
      shipping: 0,
      discounts: 400,
      refunded: 0,
      receives: 8300,
    });
  });

  it('seller discount over two lines, with cents', () => {
    // total 3 × 250.50 + 1 × 99.90 = 751.50 + 99.90 = 851.40; fee 3 × 32.57 + 12.99 = 97.71 + 12.99 = 110.70.
    // A discount the seller funds whole: 112.73 on the first line, 14.99 on the second = 127.72.
    // 851.40 − 110.70 − 127.72 = 612.98.
    const p = sellerProceeds(
      order({ order_items: [line(250.5, 3, 32.57), line(99.9, 1, 12.99)], payments: [approved(851.4)] }),
      [
        {
          items: [
            { amounts: { total: 112.73, seller: 112.73 } },
            { amounts: { total: 14.99, seller: 14.99 } },
          ],
        },
      ],
      null,
    );
    expect(figures(p)).toEqual({
      total: 851.4,
      unpaid: 0,
      fees: 110.7,
      shipping: 0,
      discounts: 127.72,
      refunded: 0,
      receives: 612.98,
    });
  });

  it('cashback beside a discount the platform funds through its fee', () => {
    // total 180.00, fee 23.40; cashback of 5.40 with 1.80 borne by the seller; a `sale_fee` discount of 27.00 the
    // platform bears whole (seller 0). 180.00 − 23.40 − 1.80 = 154.80.
    const p = sellerProceeds(
      order({ order_items: [line(180, 1, 23.4)], payments: [approved(180)] }),
      [
        { items: [{ amounts: { total: 5.4, seller: 1.8 } }] },
        { items: [{ amounts: { total: 27, seller: 0 } }] },
      ],
      null,
    );
    expect(figures(p)).toEqual({
      total: 180,
      unpaid: 0,
      fees: 23.4,
      shipping: 0,
      discounts: 1.8,
      refunded: 0,
      receives: 154.8,
    });
  });

  it('free shipping: the seller pays the shipment’s list cost', () => {
    // total 899.00, fee 116.87; the buyer pays 0 of a 149.00 shipment. 899.00 − 116.87 − 149.00 = 633.13.
    const p = sellerProceeds(
      order({ order_items: [line(899, 1, 116.87)], shipping_cost: 0, payments: [approved(899)] }),
      [],
      shipment(0, 149),
    );
    expect(figures(p)).toEqual({
      total: 899,
      unpaid: 0,
      fees: 116.87,
      shipping: 149,
      discounts: 0,
      refunded: 0,
      receives: 633.13,
    });
  });

  it('partly free shipping: the seller pays what the buyer does not', () => {
    // The buyer pays 50.00 of 149.00: the seller 99.00. 899.00 − 116.87 − 99.00 = 683.13.
    const p = sellerProceeds(
      order({ order_items: [line(899, 1, 116.87)], shipping_cost: 50, payments: [approved(949)] }),
      [],
      shipment(50, 149),
    );
    expect(p.shipping).toBe(99);
    expect(p.receives).toBe(683.13);
  });

  it('partial payment: the paid share of the sale, the fee in proportion as the platform charges it', () => {
    // due = total 2000.00 + the buyer's shipping 500.00 = 2500.00; 1500.00 approved = 60%.
    // unpaid 40% of 2000.00 = 800.00; fee 60% of 260.00 = 156.00; seller discount 60% of 100.00 = 60.00.
    // 2000.00 − 800.00 − 156.00 − 60.00 = 984.00 (= 60% of 1640.00, what the whole sale would leave).
    const p = sellerProceeds(
      order({
        status: 'partially_paid',
        order_items: [line(2000, 1, 260)],
        shipping_cost: 500,
        payments: [approved(1500), { status: 'rejected', transaction_amount: 1000 }],
      }),
      [{ items: [{ amounts: { total: 300, seller: 100 } }] }],
      shipment(500, 500),
    );
    expect(figures(p)).toEqual({
      total: 2000,
      unpaid: 800,
      fees: 156,
      shipping: 0,
      discounts: 60,
      refunded: 0,
      receives: 984,
    });
    expect(p.paidShare).toBeCloseTo(0.6, 10);
  });

  it('a payment still in process or waiting leaves nothing received yet', () => {
    // Nothing approved: the whole 2000.00 is unpaid, no fee is charged. 2000.00 − 2000.00 = 0.
    const p = sellerProceeds(
      order({
        status: 'payment_in_process',
        order_items: [line(2000, 1, 260)],
        payments: [{ status: 'in_process', transaction_amount: 2000 }],
      }),
      [],
      null,
    );
    expect(figures(p)).toEqual({
      total: 2000,
      unpaid: 2000,
      fees: 0,
      shipping: 0,
      discounts: 0,
      refunded: 0,
      receives: 0,
    });
  });

  it('cancelled before it was paid: nothing in, nothing out', () => {
    const p = sellerProceeds(
      order({
        status: 'cancelled',
        order_items: [line(899, 1, 116.87)],
        payments: [{ status: 'cancelled', transaction_amount: 899 }],
        cancel_detail: { code: 'seller_out_of_stock' },
      }),
      [{ items: [{ amounts: { total: 134.85, seller: 134.85 } }] }],
      null,
    );
    // unpaid 899.00; no fee, no discount on a sale that did not happen. 899.00 − 899.00 = 0.
    expect(figures(p)).toEqual({
      total: 899,
      unpaid: 899,
      fees: 0,
      shipping: 0,
      discounts: 0,
      refunded: 0,
      receives: 0,
    });
    expect(p.undone).toBe(true);
  });

  it('cancelled after payment, before the carrier had it: the money goes back, no fee, no shipping', () => {
    // Paid 899.00 with free shipping (list 149.00); the label is cancelled. refunded 899.00: 899.00 − 899.00 = 0.
    const p = sellerProceeds(
      order({
        status: 'cancelled',
        order_items: [line(899, 1, 116.87)],
        shipping_cost: 0,
        payments: [refunded(899)],
        cancel_detail: { code: 'seller_cancel_sale' },
      }),
      [{ items: [{ amounts: { total: 134.85, seller: 67.43 } }] }],
      shipment(0, 149),
    );
    expect(figures(p)).toEqual({
      total: 899,
      unpaid: 0,
      fees: 0,
      shipping: 0,
      discounts: 0,
      refunded: 899,
      receives: 0,
    });
  });

  it('charged back after shipping: the carrier returns it, the seller still paid the free shipping', () => {
    // refunded 899.00; the package went out and came back on the seller's 149.00. 899 − 899 − 149 = −149.00.
    const p = sellerProceeds(
      order({
        status: 'cancelled',
        order_items: [line(899, 1, 116.87)],
        shipping_cost: 0,
        payments: [refunded(899)],
        cancel_detail: { code: 'chargeback_carrier_return' },
      }),
      [],
      shipment(0, 149),
    );
    expect(figures(p)).toEqual({
      total: 899,
      unpaid: 0,
      fees: 0,
      shipping: 149,
      discounts: 0,
      refunded: 899,
      receives: -149,
    });
  });

  it('charged back on the seller’s own delivery without evidence: refunded whole', () => {
    // total 3000.00 with the buyer's 1200.00 shipping on top (due 4200.00, all refunded): refunded 3000.00 → 0.
    const p = sellerProceeds(
      order({
        status: 'cancelled',
        order_items: [line(1500, 2, 195)],
        shipping_cost: 1200,
        payments: [refunded(4200)],
        cancel_detail: { code: 'chargeback_not_delivered' },
      }),
      [],
      shipment(0, 0),
    );
    expect(p.refunded).toBe(3000);
    expect(p.receives).toBe(0);
  });

  it('a chargeback covered by delivery evidence leaves the sale as it was', () => {
    // Still paid: 3000.00 − 390.00 = 2610.00.
    const p = sellerProceeds(
      order({ order_items: [line(1500, 2, 195)], payments: [approved(3000)] }),
      [],
      shipment(0, 0),
    );
    expect(p.receives).toBe(2610);
    expect(p.refunded).toBe(0);
  });

  it('a currency without decimals (CLP), invalidated orders', () => {
    // 25990 − 3379 = 22611.
    expect(
      sellerProceeds(order({ order_items: [line(25990, 1, 3379)], payments: [approved(25990)] }), [], null)
        .receives,
    ).toBe(22611);
    // An invalid order's payment was rejected: nothing came in.
    const invalid = sellerProceeds(
      order({
        status: 'invalid',
        order_items: [line(25990, 1, 3379)],
        payments: [{ status: 'rejected', transaction_amount: 25990 }],
        cancel_detail: { code: 'fraud_malicious_buyer' },
      }),
      [],
      null,
    );
    expect(invalid.receives).toBe(0);
    expect(invalid.unpaid).toBe(25990);
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
