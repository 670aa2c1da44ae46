import { describe, expect, it } from 'vitest';
import {
  DELIVERY_CASES,
  DELIVERY_STATES,
  deliveryCase,
  deliveryProgressBodySchema,
  saleOutcome,
  shipmentDeliverySchema,
} from './delivery.ts';

describe('deliveryCase and saleOutcome (spec 1)', () => {
  it('puts every own delivery in the evidence rows, every platform shipment before or after the carrier', () => {
    for (const state of DELIVERY_STATES) {
      const own = deliveryCase({ platformShipping: false, state, evidence: true });
      expect(own).toBe(state === 'delivered' ? 'own_with_evidence' : 'own_without_evidence');
      expect(deliveryCase({ platformShipping: false, state, evidence: false })).toBe('own_without_evidence');
      const platform = deliveryCase({ platformShipping: true, state, evidence: false });
      expect(platform).toBe(
        ['label_not_printed', 'label_printed', 'cancelled'].includes(state)
          ? 'platform_not_shipped'
          : 'platform_shipped',
      );
    }
  });

  it('follows the table for a chargeback and a cancellation; only a chargeback can be covered', () => {
    expect(DELIVERY_CASES.map((c) => saleOutcome(c, 'chargeback'))).toEqual([
      'covered',
      'refund',
      'cancelled',
      'carrier_return',
    ]);
    expect(DELIVERY_CASES.map((c) => saleOutcome(c, 'cancellation'))).toEqual([
      'refund',
      'refund',
      'cancelled',
      'carrier_return',
    ]);
  });
});

describe('delivery schemas', () => {
  it('takes a step with an opaque evidence reference and refuses anything else', () => {
    const ok = { state: 'delivered', evidence: { kind: 'signed_receipt', reference: 'RC-2026:114' } };
    expect(deliveryProgressBodySchema.parse(ok)).toEqual(ok);
    expect(deliveryProgressBodySchema.safeParse({ state: 'teleported' }).success).toBe(false);
    expect(deliveryProgressBodySchema.safeParse({ state: 'shipped', extra: 1 }).success).toBe(false);
    expect(
      deliveryProgressBodySchema.safeParse({
        state: 'delivered',
        evidence: { kind: 'signed_receipt', reference: 'Ana Pérez, Av. Siempre Viva 742' },
      }).success,
    ).toBe(false);
  });

  it('parses the delivery member of a shipment', () => {
    const value = {
      state: 'delivered',
      platform_shipping: false,
      evidence: { kind: 'photo', reference: 'IMG-1', date: '2026-10-01T10:00:00.000-03:00' },
      case: 'own_with_evidence',
    };
    expect(shipmentDeliverySchema.parse(value)).toEqual(value);
    expect(shipmentDeliverySchema.safeParse({ ...value, case: 'lost' }).success).toBe(false);
  });
});
