// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n.ts';
import english from '../../../../lib/i18n/messages/en.json';
import spanish from '../../../../lib/i18n/messages/es.json';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import { OrderFilters } from './order-filters.tsx';

afterEach(() => {
  cleanup();
  i18n.loadAndActivate({ locale: 'en', messages: english });
});

function Filters() {
  const input = useRef<HTMLInputElement>(null);
  return <OrderFilters search={{}} onChange={() => {}} searchInput={input} now={new Date(2026, 10, 20)} />;
}

describe('OrderFilters after a language switch', () => {
  it('names the "if cancelled or charged back" choices in the new language', () => {
    renderInEnglish(<Filters />);
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const choices = () =>
      [
        ...screen
          .getByRole('combobox', { name: /If cancelled or charged back|Si se cancela/ })
          .querySelectorAll('option'),
      ].map((option) => option.textContent);
    expect(choices()).toContain('Own delivery, proved');
    act(() => i18n.loadAndActivate({ locale: 'es', messages: spanish }));
    expect(choices()).toEqual([
      spanish['orders.orderFilters.anyDelivery'],
      spanish['orders.deliveryOutcome.ownDeliveryProved'],
      spanish['orders.deliveryOutcome.ownDeliveryNoProof'],
      spanish['orders.deliveryOutcome.platformShippingNotShipped'],
      spanish['orders.deliveryOutcome.platformShippingShipped'],
    ]);
  });
});
