// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../../lib/i18n/i18n.ts';
import { deliveryOf as delivery } from '../../../test-support/deliveries.ts';
import { deliveryOutcome } from './delivery-outcome.ts';

const approved = [{ status: 'approved' }] as never;
const paid: Parameters<typeof deliveryOutcome>[0] = {
  status: 'paid',
  tags: ['paid'],
  cancel_detail: null,
  payments: approved,
};

describe('deliveryOutcome', () => {
  it('says an order without a shipment is refunded on a cancellation or a chargeback', () => {
    const view = deliveryOutcome(paid, null);
    expect(view.case).toBe('own_without_evidence');
    expect(view.because).toMatch(/no shipment/);
    expect(view.ifCancelled).toMatch(/refund/);
    expect(view.ifChargedBack).toMatch(/refund/);
    expect(view.happened).toBeNull();
  });

  it('says a proved own delivery is covered against a chargeback, but refunded when you cancel', () => {
    const view = deliveryOutcome(
      paid,
      delivery({
        state: 'delivered',
        evidence: { kind: 'signed_receipt', reference: 'RC-1', date: '2026-10-01T10:00:00.000-03:00' },
        case: 'own_with_evidence',
      }),
    );
    expect(view.because).toMatch(/signed receipt RC-1/);
    expect(view.ifChargedBack).toMatch(/covered: the money stays/);
    expect(view.ifCancelled).toMatch(/refund/);
  });

  it('names the kind of proof by its code in the active language', async () => {
    const proved = delivery({
      state: 'delivered',
      evidence: { kind: 'signed_receipt', reference: 'RC-1', date: '2026-10-01T10:00:00.000-03:00' },
      case: 'own_with_evidence',
    });
    await activateLanguage('es');
    try {
      expect(deliveryOutcome(paid, proved).because).toBe(
        'Lo entregaste y registraste el comprobante (remito firmado RC-1).',
      );
    } finally {
      await activateLanguage('en');
    }
  });

  it('names the platform rows: cancelled before the carrier, returned after', () => {
    const before = deliveryOutcome(
      paid,
      delivery({ state: 'label_printed', platform_shipping: true, case: 'platform_not_shipped' }),
    );
    expect(before.because).toMatch(/label is printed/);
    expect(before.ifCancelled).toMatch(/label are cancelled/);
    const after = deliveryOutcome(
      paid,
      delivery({ state: 'shipped', platform_shipping: true, case: 'platform_shipped' }),
    );
    expect(after.ifChargedBack).toMatch(/carrier is told to bring the item back/);
  });

  it('tells what happened once settled, and nothing more for a closed order', () => {
    const returned = deliveryOutcome(
      {
        status: 'cancelled',
        tags: ['not_delivered'],
        payments: [{ status: 'refunded' }] as never,
        cancel_detail: {
          group: 'delivery',
          code: 'chargeback_carrier_return',
          description: 'x',
          requested_by: 'buyer',
          date: '2026-10-01T10:00:00.000-03:00',
          application_id: null,
        },
      },
      delivery({ state: 'returned', platform_shipping: true, case: 'platform_shipped' }),
    );
    expect(returned.happened?.title).toBe('The buyer charged back; the carrier returns the item');
    expect(returned.happened?.detail).toMatch(/refunded.*back with you/);
    expect(returned.ifCancelled).toBeNull();
    expect(returned.ifChargedBack).toBeNull();
    const covered = deliveryOutcome({ ...paid, tags: ['paid', 'delivered', 'chargeback_covered'] }, null);
    expect(covered.happened).toMatchObject({ tone: 'success', title: 'Charged back; you were covered' });
    expect(covered.ifChargedBack).toMatch(/Already charged back/);
  });

  it('says nothing can be charged back before a payment is approved', () => {
    expect(deliveryOutcome({ ...paid, status: 'confirmed', payments: [] }, null).ifChargedBack).toMatch(
      /no payment has been approved/,
    );
  });
});
