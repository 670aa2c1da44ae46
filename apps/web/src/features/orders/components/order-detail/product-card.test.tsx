// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../../test-support/answering-fetch.ts';
import { renderWithApp } from '../../../../test-support/render.tsx';
import { ProductCard } from './product-card.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER = 2000008000012345;

describe('ProductCard', () => {
  it('names the attributes in words and says which unit each serial number belongs to', async () => {
    answerFetch({
      [`GET /api/orders/${ORDER}/product`]: {
        attributes: [
          { name: 'serial_number', value: 'AB12345678', id: 1 },
          { name: 'serial_number', value: 'CD23456789', id: 2 },
          { name: 'serial_number', value: 'EF34567890', id: 3 },
          { name: 'entry_date', value: '2025-11-29', id: 4 },
          { name: 'warehouse_shelf', value: 'B4', id: 5 },
        ],
      },
    });
    await renderWithApp(<ProductCard orderId={ORDER} />);
    await screen.findByText('AB12345678');
    const rows = [...document.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    );
    expect(rows).toEqual([
      'Serial number · unit 1 of 3: AB12345678',
      'Serial number · unit 2 of 3: CD23456789',
      'Serial number · unit 3 of 3: EF34567890',
      'Entry date: 2025-11-29',
      'Warehouse shelf: B4',
    ]);
  });
});
