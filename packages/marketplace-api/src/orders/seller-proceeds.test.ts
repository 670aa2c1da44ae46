import {
  ORDER_STATUSES,
  type OrderSearchResult,
  orderDiscountsSchema,
  orderSchema,
  orderSearchEnvelopeSchema,
  proceedsReads,
  type SellerProceeds,
  type Shipment,
  sellerProceeds,
  shipmentSchema,
} from '@mostrador/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededApi, type TestApi } from '../test-support.ts';

// What the seller receives (decision 0280), on every order of the seed as a client reads it: the search's form and
// the single order's, its discounts and its shipment, each parsed with the contracts' schemas.

let api: TestApi;
const NEW = { 'x-format-new': 'true' };

interface Read {
  listed: OrderSearchResult;
  /** The figure from only what `proceedsReads` asks to read. */
  fromReads: SellerProceeds;
  fromList: SellerProceeds;
  fromOrder: SellerProceeds;
  shipment: Shipment | null;
  sellerDiscounts: number;
}
const reads: Read[] = [];

const cents = (amount: number) => Math.round(amount * 100);
const UNDONE = new Set(['cancelled', 'manually_cancelled', 'invalid']);

beforeAll(async () => {
  api = await seededApi({ orders: 900 });
  for (const seller of api.sellers) {
    for (const status of ORDER_STATUSES) {
      for (let offset = 0; ; offset += 50) {
        const envelope = orderSearchEnvelopeSchema.parse(
          await api.json(
            `/orders/search?seller=${seller.id}&order.status=${status}&offset=${offset}&limit=50`,
            seller.access_token,
          ),
        );
        for (const listed of envelope.results) {
          const order = orderSchema.parse(await api.json(`/orders/${listed.id}`, seller.access_token, NEW));
          const { details } = orderDiscountsSchema.parse(
            await api.json(`/orders/${listed.id}/discounts`, seller.access_token),
          );
          const shipment =
            order.shipping.id === null
              ? null
              : shipmentSchema.parse(
                  await api.json(`/shipments/${order.shipping.id}`, seller.access_token, NEW),
                );
          const needs = proceedsReads(listed);
          reads.push({
            listed,
            fromReads: sellerProceeds(
              listed,
              needs.discounts ? details : [],
              needs.shipment ? shipment : null,
            ),
            fromList: sellerProceeds(listed, details, shipment),
            fromOrder: sellerProceeds(order, details, shipment),
            shipment,
            sellerDiscounts: details
              .flatMap((d) => d.items)
              .reduce((sum, i) => sum + cents(i.amounts.seller), 0),
          });
        }
        if (envelope.results.length < 50) break;
      }
    }
  }
}, 120_000);

describe('sellerProceeds on the seeded marketplace', () => {
  it('reads orders of every status and kind', () => {
    const statuses = new Set(reads.map((r) => r.listed.status));
    for (const status of ['paid', 'partially_paid', 'cancelled', 'confirmed', 'invalid']) {
      expect(statuses, status).toContain(status);
    }
    const codes = new Set(reads.map((r) => r.listed.cancel_detail?.code));
    expect(codes).toContain('chargeback_carrier_return');
    expect(codes).toContain('chargeback_not_delivered');
    expect(reads.some((r) => r.listed.tags.includes('chargeback_covered'))).toBe(true);
    expect(reads.some((r) => r.shipment?.lead_time.cost_type === 'free')).toBe(true);
    expect(reads.some((r) => r.sellerDiscounts > 0)).toBe(true);
  });

  it('gives the same figure from the search form and the single order', () => {
    for (const r of reads) expect(r.fromOrder, String(r.listed.id)).toEqual(r.fromList);
  });

  it('gives the same figure from only the reads proceedsReads asks for', () => {
    for (const r of reads) expect(r.fromReads, String(r.listed.id)).toEqual(r.fromList);
  });

  it('adds up: receives is the total less every part', () => {
    for (const { fromList: p, listed } of reads) {
      const parts =
        cents(p.unpaid) + cents(p.fees) + cents(p.shipping) + cents(p.discounts) + cents(p.refunded);
      expect(cents(p.receives), String(listed.id)).toBe(cents(p.total) - parts);
      expect(p.total).toBe(listed.total_amount);
    }
  });

  it('charges the fee the platform put on the payments (decision 0133)', () => {
    for (const { fromList: p, listed } of reads) {
      if (UNDONE.has(listed.status)) continue;
      const charged = listed.payments
        .filter((payment) => payment.status === 'approved')
        .reduce((sum, payment) => sum + cents(payment.marketplace_fee ?? 0), 0);
      // A part payment's fee is rounded to the currency's unit by the platform, to the cent here.
      expect(Math.abs(cents(p.fees) - charged), String(listed.id)).toBeLessThanOrEqual(
        listed.currency_id === 'CLP' || listed.currency_id === 'COP' ? 100 : 1,
      );
    }
  });

  it('on a paid sale: the seller-borne discounts whole, the free shipping at its list cost', () => {
    const paid = reads.filter((r) => r.listed.status === 'paid');
    expect(paid.length).toBeGreaterThan(100);
    for (const { fromList: p, shipment, sellerDiscounts, listed } of paid) {
      expect(p.unpaid, String(listed.id)).toBe(0);
      expect(cents(p.discounts)).toBe(sellerDiscounts);
      if (shipment?.lead_time.cost_type === 'free') expect(p.shipping).toBe(shipment.lead_time.list_cost);
      if (shipment?.lead_time.cost_type === 'charged') expect(p.shipping).toBe(0);
    }
  });

  it('nothing for a sale not paid yet; nothing, or the returned shipping, for a sale undone', () => {
    for (const { fromList: p, listed } of reads) {
      if (['confirmed', 'payment_required', 'payment_in_process'].includes(listed.status)) {
        expect(p.receives, String(listed.id)).toBe(0);
      }
      if (UNDONE.has(listed.status)) {
        expect(p.fees).toBe(0);
        expect(p.discounts).toBe(0);
        const returned = ['carrier_return', 'chargeback_carrier_return'].includes(
          listed.cancel_detail?.code ?? '',
        );
        expect(p.receives, String(listed.id)).toBe(returned ? 0 - p.shipping : 0);
        if (listed.payments.some((payment) => payment.status === 'refunded'))
          expect(p.refunded).toBe(p.total);
      }
    }
  });
});
