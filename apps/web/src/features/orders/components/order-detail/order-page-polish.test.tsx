// @vitest-environment jsdom
import type { PartialOrder } from '@mostrador/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, refusal } from '../../../../test-support/answering-fetch.ts';
import { renderInEnglish, renderWithApp } from '../../../../test-support/render.tsx';
import { OrderHeading } from './order-heading.tsx';
import { OrderWorkspace } from './order-workspace.tsx';
import { PaymentsCard } from './payments-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = 2000008000099999;

describe('the order page, polished', () => {
  it('says once and plainly that an order does not exist, with no error code', async () => {
    answerFetch({ [`GET /api/orders/${ORDER}`]: refusal(404, 'order_not_found') });
    await renderWithApp(
      <OrderWorkspace
        orderId={ORDER}
        seller={{ id: 100008826, siteId: 'MLA' }}
        search={{}}
        offers={{ reply: true, give: true, cancel: true, recordDelivery: true }}
        open={() => {}}
        backToList={<span>← Orders</span>}
      />,
    );
    await screen.findByRole('heading', { name: 'There is no such order' });
    const page = document.body.textContent ?? '';
    expect(page).toContain(`Order ${ORDER} is not in the marketplace`);
    expect(page).not.toContain('order_not_found');
    expect(page).not.toContain('This order does not exist.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('hides the j and k hints where there is no keyboard to press them (phones, touch screens)', () => {
    renderInEnglish(
      <OrderHeading
        order={
          {
            id: ORDER,
            status: 'paid',
            tags: [],
            date_created: '2026-11-24T09:00:00.000-03:00',
            context: { site: 'MLA', channel: 'marketplace' },
          } as unknown as PartialOrder
        }
        locale="es-AR"
        neighbours={{ previous: () => {}, next: () => {}, position: null }}
        backToList={null}
      />,
    );
    const hints = screen.getAllByTestId('key-hint');
    expect(hints.map((hint) => hint.textContent)).toEqual(['k', 'j']);
    for (const hint of hints)
      expect(hint.className.split(' ')).toEqual(
        expect.arrayContaining(['max-sm:hidden', 'pointer-coarse:hidden']),
      );
  });

  it('names a payment’s status capitalised, like the order status badge beside it', () => {
    renderInEnglish(
      <PaymentsCard
        order={
          {
            id: ORDER,
            currency_id: 'ARS',
            paid_amount: 100,
            payments: [
              {
                id: 51,
                status: 'approved',
                transaction_amount: 100,
                currency_id: 'ARS',
                date_created: '2026-11-24T09:00:00.000-03:00',
                date_last_modified: '2026-11-24T09:00:00.000-03:00',
              },
            ],
          } as unknown as PartialOrder
        }
        locale="es-AR"
      />,
    );
    expect(screen.getByText('Approved')).toBeTruthy();
    expect(screen.queryByText('approved')).toBeNull();
  });
});
