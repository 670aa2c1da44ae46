// @vitest-environment jsdom
import { type PartialOrder, partialOrderSchema } from '@mostrador/contracts';
import { asSingleOrder, HAND_WORKED_ORDERS } from '@mostrador/contracts/hand-worked-orders';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../../lib/format.ts';
import { activateLanguage } from '../../../../lib/i18n/i18n.ts';
import { answerFetch, refusal } from '../../../../test-support/answering-fetch.ts';
import { handWorkedReads } from '../../../../test-support/hand-worked-orders.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { shipmentWithCosts } from '../../../../test-support/shipments.ts';
import { ProceedsCard } from './proceeds-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOCALE = 'es-MX';
const mxn = (amount: number) => formatMoney(amount, 'MXN', LOCALE);

/** The members of an order the breakdown reads. */
const order = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    id: 2000008000000101,
    status: 'paid',
    currency_id: 'MXN',
    total_amount: 899,
    shipping_cost: 0,
    order_items: [{ currency_id: 'MXN', quantity: 1, sale_fee: 116.87 }],
    payments: [{ status: 'approved', transaction_amount: 899 }],
    cancel_detail: null,
    shipping: { id: 44000000101 },
    ...over,
  }) as unknown as PartialOrder;

const shipment = (cost: number, listCost: number) => shipmentWithCosts(44000000101, cost, listCost);

const SELLER_DISCOUNT = {
  details: [
    {
      type: 'discount',
      supplier: { offer_id: 'MLM1-abc', funding_mode: 'seller' },
      items: [{ id: 'MLM1', quantity: 1, amounts: { total: 134.85, seller: 134.85 } }],
    },
  ],
};

const rowsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('ProceedsCard', () => {
  it('lists the parts a paid sale with free shipping and a seller discount leaves', async () => {
    answerFetch({
      'GET /api/orders/2000008000000101/discounts': SELLER_DISCOUNT,
      'GET /api/shipments/44000000101': shipment(0, 149),
    });
    await renderWithApp(<ProceedsCard order={order()} locale={LOCALE} />);
    const list = await screen.findByTestId('seller-proceeds');
    // 899.00 − 116.87 − 149.00 − 134.85 = 498.28
    expect(rowsOf(list)).toEqual([
      ['Order total', mxn(899)],
      ['Platform fee', `−${mxn(116.87)}`],
      ['Shipping you pay', `−${mxn(149)}`],
      ['Your part of the discounts', `−${mxn(134.85)}`],
      ['You receive', mxn(498.28)],
    ]);
  });

  it('shows the part paid so far, in Spanish', async () => {
    await activateLanguage('es');
    try {
      answerFetch({
        'GET /api/orders/2000008000000101/discounts': { details: [] },
        'GET /api/shipments/44000000101': shipment(101, 101),
      });
      // due 899.00 + 101.00 = 1000.00, 600.00 paid: 60%. unpaid 359.60, fee 70.12 (60% of 116.87 = 70.122).
      // 899.00 − 359.60 − 70.12 = 469.28
      await renderWithApp(
        <ProceedsCard
          order={order({
            status: 'partially_paid',
            shipping_cost: 101,
            payments: [{ status: 'approved', transaction_amount: 600 }],
          })}
          locale={LOCALE}
        />,
      );
      const list = await screen.findByTestId('seller-proceeds');
      expect(rowsOf(list)).toEqual([
        ['Total del pedido', mxn(899)],
        ['Aún no pagado', `−${mxn(359.6)}`],
        ['Cargo de la plataforma', `−${mxn(70.12)}`],
        ['Recibes', mxn(469.28)],
      ]);
      // The note follows the list, outside it (a description list holds terms and descriptions only).
      expect(list.parentElement?.textContent).toContain('El comprador pagó el 60');
      expect(list.querySelector('p')).toBeNull();
    } finally {
      await activateLanguage('en');
    }
  });

  it('shows a refund and the returned package’s shipping on a charged-back sale', async () => {
    answerFetch({
      'GET /api/orders/2000008000000101/discounts': SELLER_DISCOUNT,
      'GET /api/shipments/44000000101': shipment(0, 149),
    });
    await renderWithApp(
      <ProceedsCard
        order={order({
          status: 'cancelled',
          payments: [{ status: 'refunded', transaction_amount: 899 }],
          cancel_detail: { code: 'chargeback_carrier_return' },
        })}
        locale={LOCALE}
      />,
    );
    const list = await screen.findByTestId('seller-proceeds');
    // 899.00 − 149.00 − 899.00 = −149.00; no fee, no discount on a sale undone.
    expect(rowsOf(list)).toEqual([
      ['Order total', mxn(899)],
      ['Shipping you pay', `−${mxn(149)}`],
      ['Refunded to the buyer', `−${mxn(899)}`],
      ['You receive', mxn(-149)],
    ]);
    expect(list.parentElement?.textContent).toContain('The sale was undone');
  });

  it('says the figure cannot be worked out while the shipment cannot be read', async () => {
    answerFetch({
      'GET /api/orders/2000008000000101/discounts': { details: [] },
      'GET /api/shipments/44000000101': refusal(500, 'internal_error'),
    });
    await renderWithApp(<ProceedsCard order={order()} locale={LOCALE} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('cannot be worked out'), {
      timeout: 10_000,
    });
    expect(screen.queryByTestId('seller-proceeds')).toBeNull();
  });
});

describe('ProceedsCard on the hand-worked orders', () => {
  it.each(HAND_WORKED_ORDERS.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    answerFetch(handWorkedReads([c]));
    // The order as the order page has it: the single-order form, parsed as its read parses it.
    const order = partialOrderSchema.parse(asSingleOrder(c.order));
    await renderWithApp(<ProceedsCard order={order} locale={LOCALE} />);
    const list = await screen.findByTestId('seller-proceeds');
    const money = (amount: number) => formatMoney(amount, c.order.currency_id, LOCALE);
    expect(within(list).getByTestId('proceeds-value').textContent).toBe(money(c.expected.receives));
    const { unpaid, fees, shipping, discounts, refunded } = c.expected;
    const costs = rowsOf(list)
      .slice(1, -1)
      .map(([, value]) => value);
    // The card lists what is unpaid, the fee (but on a sale undone) and each other cost there is, in that order.
    const expectedCosts = [
      ...(unpaid > 0 ? [unpaid] : []),
      ...(c.expected.undone ? [] : [fees]),
      ...[shipping, discounts, refunded].filter((amount) => amount > 0),
    ].map((amount) => `−${money(amount)}`);
    expect(costs).toEqual(expectedCosts);
  });
});
