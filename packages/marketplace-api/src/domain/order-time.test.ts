import { describe, expect, it } from 'vitest';
import { createOrder, type ListedItem, passTime, recordPayment } from './order-lifecycle.ts';
import { type OrderRecord, PENDING_PAYMENT_DAYS, timeDue } from './order-record.ts';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-01T12:00:00Z');
const item: ListedItem = {
  id: 'MLA1',
  seller_id: 10,
  site_id: 'MLA',
  title: 'Mate',
  category_id: 'MLA1',
  condition: 'new',
  listing_type_id: 'gold_special',
  currency_id: 'ARS',
  price_minor: 10_000,
  available_quantity: 5,
};

const order = (immediatePayment = false): OrderRecord =>
  createOrder({
    id: 1,
    now: T0,
    sellerId: 10,
    buyerId: 20,
    siteId: 'MLA',
    immediatePayment,
    lines: [{ item, quantity: 1 }],
    applicationId: 1,
  }).order;

const pay = (
  o: OrderRecord,
  status: 'pending' | 'in_process' | 'approved',
  now: number,
  paymentId?: number,
) =>
  recordPayment(o, {
    status,
    paymentId,
    newPaymentId: 100 + o.payments.length,
    paymentMethodId: 'account_money',
    paymentType: 'account_money',
    now,
  }).order;

describe('what time does to an order', () => {
  it('is due at its expiration date, or earlier at the deadline of a payment still open', () => {
    const o = order();
    expect(o.expirationDate).toBe(T0 + 28 * DAY);
    expect(timeDue(o)).toBe(o.expirationDate);
    const pending = pay(o, 'pending', T0 + DAY);
    expect(timeDue(pending)).toBe(T0 + DAY + PENDING_PAYMENT_DAYS * DAY);
    expect(passTime(pending, T0 + DAY + PENDING_PAYMENT_DAYS * DAY - 1).changed).toBe(false);
  });

  it('ends a payment in process at its deadline; the order’s status follows its payments', () => {
    const waiting = pay(order(true), 'in_process', T0);
    expect(waiting.status).toBe('payment_in_process');
    const deadline = T0 + PENDING_PAYMENT_DAYS * DAY;
    const t = passTime(waiting, deadline + 5_000);
    expect(t.changed).toBe(true);
    expect(t.stock).toEqual([]);
    expect(t.order.payments[0]).toMatchObject({
      status: 'cancelled',
      statusDetail: 'expired',
      dateLastModified: deadline,
      availableActions: [],
    });
    // Never confirmed (the seller takes the platform's payment only): it needs a payment again.
    expect(t.order.status).toBe('payment_required');
    expect(t.order.lastUpdated).toBe(deadline + 5_000);
    expect(t.order.expired).toBe(false);
    expect(timeDue(t.order)).toBe(t.order.expirationDate);
    // A confirmed order stays confirmed when its pending payment ends.
    const confirmed = passTime(pay(order(), 'pending', T0), deadline).order;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.payments[0]!.status).toBe('cancelled');
  });

  it('releases approved payments at the expiration date, once', () => {
    const paid = pay(order(), 'approved', T0 + DAY);
    expect(paid.payments[0]!.availableActions).toEqual(['refund']);
    const t = passTime(paid, paid.expirationDate);
    expect(t.changed).toBe(true);
    expect(t.order.expired).toBe(true);
    expect(t.order.status).toBe('paid');
    expect(t.order.payments[0]).toMatchObject({
      status: 'approved',
      availableActions: [],
      dateLastModified: paid.expirationDate,
      marketplaceFeeMinor: paid.payments[0]!.marketplaceFeeMinor,
    });
    expect(timeDue(t.order)).toBeNull();
    expect(passTime(t.order, paid.expirationDate + 365 * DAY).changed).toBe(false);
  });

  it('runs both when a long time passed at once, and leaves final statuses as they are', () => {
    const pending = pay(order(), 'in_process', T0);
    const t = passTime(pending, T0 + 60 * DAY);
    expect(t.order.payments[0]!.status).toBe('cancelled');
    expect(t.order.expired).toBe(true);
    expect(timeDue(t.order)).toBeNull();
    const cancelled = { ...structuredClone(pending), status: 'cancelled' };
    expect(passTime(cancelled, T0 + 60 * DAY).order.status).toBe('cancelled');
  });
});
