// @vitest-environment jsdom
import { type OrderSearchResult, orderSearchResultSchema } from '@mostrador/contracts';
import { HAND_WORKED_ORDERS } from '@mostrador/contracts/hand-worked-orders';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../../../lib/format.ts';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { handWorkedReads } from '../../../../test-support/hand-worked-orders.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { shipmentWithCosts } from '../../../../test-support/shipments.ts';
import { DataTable } from '../../../../ui/data-table.tsx';
import { ORDER_COLUMNS } from './order-columns.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LOCALE = 'es-MX';
const mxn = (amount: number) => formatMoney(amount, 'MXN', LOCALE);

/** The members of a listed order the column reads. */
const listed = (id: number, over: Partial<Record<string, unknown>> = {}) =>
  ({
    id,
    status: 'paid',
    date_last_updated: '2026-11-20T06:42:00.000-06:00',
    currency_id: 'MXN',
    total_amount: 899,
    shipping_cost: 0,
    order_items: [{ currency_id: 'MXN', quantity: 1, sale_fee: 116.87 }],
    payments: [{ status: 'approved', transaction_amount: 899 }],
    cancel_detail: null,
    tags: ['paid'],
    coupon: { id: null, amount: 0 },
    shipping: { id: null },
    ...over,
  }) as unknown as OrderSearchResult;

const column = ORDER_COLUMNS.find((c) => c.id === 'receives')!;

async function renderColumn(rows: OrderSearchResult[], side: 'seller' | 'buyer') {
  await renderWithApp(
    <DataTable
      caption="Orders"
      columns={[column.build({ locale: LOCALE, side, search: {}, shown: ['receives'] })]}
      rows={rows}
      getRowKey={(row) => row.id}
    />,
  );
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

describe('the “You receive” column', () => {
  it('reads only what each order’s figure depends on, and shows the figure', async () => {
    const sent = answerFetch({
      'GET /api/shipments/44000000101': shipmentWithCosts(44000000101, 0, 149),
      'GET /api/orders/2/discounts': {
        details: [
          {
            type: 'coupon',
            coupon: { id: 5001 },
            supplier: {},
            items: [{ id: 'MLM1', quantity: 1, amounts: { total: 89.9, seller: 44.95 } }],
          },
        ],
      },
    });
    const rows = await renderColumn(
      [
        // Free shipping: 899.00 − 116.87 − 149.00 = 633.13
        listed(1, { shipping: { id: 44000000101 } }),
        // A co-funded coupon, no shipment: 899.00 − 116.87 − 44.95 = 737.18
        listed(2, { tags: ['paid', 'order_has_discount'], coupon: { id: 5001, amount: 89.9 } }),
        // Not paid yet, with a shipment: nothing received, nothing read.
        listed(3, { status: 'confirmed', payments: [], shipping: { id: 44000000303 } }),
      ],
      'seller',
    );
    await waitFor(() => expect(screen.getAllByTestId('proceeds-cell')).toHaveLength(3));
    expect(column.label).toBe('You receive');
    expect(rows.map((row) => row.textContent)).toEqual([mxn(633.13), mxn(737.18), mxn(0)]);
    expect(sent.map((r) => r.url).sort()).toEqual(['/api/orders/2/discounts', '/api/shipments/44000000101']);
  });

  it('shows the figure worked by hand for every hand-worked order', async () => {
    const sent = answerFetch(handWorkedReads(HAND_WORKED_ORDERS));
    const rows = await renderColumn(
      HAND_WORKED_ORDERS.map((c) => orderSearchResultSchema.parse(c.order)),
      'seller',
    );
    await waitFor(
      () => expect(screen.getAllByTestId('proceeds-cell')).toHaveLength(HAND_WORKED_ORDERS.length),
      {
        timeout: 10_000,
      },
    );
    expect(rows.map((row) => row.textContent)).toEqual(
      HAND_WORKED_ORDERS.map((c) => formatMoney(c.expected.receives, c.order.currency_id, LOCALE)),
    );
    // Nothing was refused: every read was one the table answers.
    expect(sent.filter((request) => !(`GET ${request.url}` in handWorkedReads(HAND_WORKED_ORDERS)))).toEqual(
      [],
    );
  });

  it('has nothing to show, and reads nothing, on the buyer’s side', async () => {
    const sent = answerFetch({});
    const rows = await renderColumn([listed(1, { shipping: { id: 44000000101 } })], 'buyer');
    expect(rows.map((row) => row.textContent)).toEqual(['—']);
    expect(sent).toEqual([]);
  });
});
