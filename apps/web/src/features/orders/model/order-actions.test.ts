import { describe, expect, it } from 'vitest';
import { deliveryOf as delivery } from '../../../test-support/deliveries.ts';
import { cancelCodes, deliverySteps, isCancellable, takesEvidence } from './order-actions.ts';

describe('order actions', () => {
  it('offers cancelling until the order is cancelled or invalid', () => {
    expect(isCancellable({ status: 'paid' })).toBe(true);
    expect(isCancellable({ status: 'confirmed' })).toBe(true);
    for (const status of ['cancelled', 'invalid', 'manually_cancelled'] as const)
      expect(isCancellable({ status })).toBe(false);
  });

  it('puts the fraud code first after a fraud alert, and offers it only then', () => {
    expect(cancelCodes({ tags: ['paid', 'fraud_risk_detected'] })[0]).toBe('fraud_risk_detected');
    expect(cancelCodes({ tags: ['paid'] })).not.toContain('fraud_risk_detected');
  });

  it('offers the delivery steps the marketplace takes from each state', () => {
    expect(deliverySteps(delivery({}))).toEqual(['delivered', 'not_delivered']);
    expect(deliverySteps(delivery({ state: 'delivered' }))).toEqual(['delivered']);
    expect(
      deliverySteps(
        delivery({
          state: 'delivered',
          evidence: { kind: 'photo', reference: 'P1', date: '2026-11-01T00:00:00.000Z' },
        }),
      ),
    ).toEqual([]);
    expect(deliverySteps(delivery({ platform_shipping: true, state: 'label_not_printed' }))).toEqual([
      'label_printed',
    ]);
    expect(deliverySteps(delivery({ platform_shipping: true, state: 'shipped' }))).toEqual([
      'delivered',
      'not_delivered',
    ]);
    expect(deliverySteps(delivery({ platform_shipping: true, state: 'cancelled' }))).toEqual([]);
    expect(deliverySteps(null)).toEqual([]);
  });

  it('asks the seller for proof only of its own deliveries', () => {
    expect(takesEvidence({ platform_shipping: false }, 'delivered')).toBe(true);
    expect(takesEvidence({ platform_shipping: true }, 'delivered')).toBe(false);
    expect(takesEvidence({ platform_shipping: false }, 'not_delivered')).toBe(false);
  });
});
