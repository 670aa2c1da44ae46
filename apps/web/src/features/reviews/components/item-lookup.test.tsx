// @vitest-environment jsdom
import type { ReviewsView } from '@mostrador/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch } from '../../../test-support/answering-fetch.ts';
import { renderWithApp, testQueryClient } from '../../../test-support/render.tsx';
import { soldItemsQueryOptions } from '../api/get-sold-items.ts';
import { ItemLookup } from './item-lookup.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SELLER = { id: 100008826, siteId: 'MLA' };
const SOLD = [
  { id: 'MLA800115204', title: 'Zapatillas Adidas Runfalcon' },
  { id: 'MLA800031687', title: 'Pelota Al Rihla' },
];

/** The lookup with the seller's sold items already read (as the page's query would have them). */
async function renderLookup(view: ReviewsView, seller: typeof SELLER | null = SELLER) {
  const sent = answerFetch({});
  const queryClient = testQueryClient();
  queryClient.setQueryData(soldItemsQueryOptions(SELLER.id).queryKey, SOLD);
  const onViewChange = vi.fn();
  await renderWithApp(<ItemLookup seller={seller} view={view} onViewChange={onViewChange} />, queryClient);
  return { onViewChange, sent };
}

describe('ItemLookup', () => {
  it('offers the items the seller sold, and picking one reads its own reviews from the first page', async () => {
    const { onViewChange } = await renderLookup({ offset: 20, catalog: 'MLA46792131', item: 'MLA1' });
    const picker = screen.getByLabelText('From your orders') as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual([
      'Choose an item you sold',
      'Zapatillas Adidas Runfalcon · MLA800115204',
      'Pelota Al Rihla · MLA800031687',
    ]);
    fireEvent.change(picker, { target: { value: 'MLA800031687' } });
    expect(onViewChange).toHaveBeenCalledWith({ item: 'MLA800031687', catalog: undefined, offset: 0 });
    expect((screen.getByLabelText('Item id') as HTMLInputElement).value).toBe('MLA800031687');
    expect((screen.getByLabelText('Catalog product (optional)') as HTMLInputElement).value).toBe('');
  });

  it('shows the item of the address as chosen', async () => {
    await renderLookup({ offset: 0, item: 'MLA800115204' });
    expect((screen.getByLabelText('From your orders') as HTMLSelectElement).value).toBe('MLA800115204');
  });

  it('refuses what is not an item id, says why, and changes nothing', async () => {
    const { onViewChange } = await renderLookup({ offset: 0 });
    fireEvent.change(screen.getByLabelText('Item id'), { target: { value: 'zapatillas' } });
    fireEvent.change(screen.getByLabelText('Catalog product (optional)'), { target: { value: 'catalog 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show reviews' }));
    expect(onViewChange).not.toHaveBeenCalled();
    expect(screen.getByText('Type an item id: a site code and digits, e.g. MLA800031687.')).toBeTruthy();
    expect(screen.getByText('A catalog product id looks like MLA46792131.')).toBeTruthy();
    expect(screen.getByLabelText('Item id').getAttribute('aria-invalid')).toBe('true');
  });

  it('reads a typed item (and its catalog product) in capitals, from the first page', async () => {
    const { onViewChange } = await renderLookup({ offset: 30 });
    fireEvent.change(screen.getByLabelText('Item id'), { target: { value: ' mla800031687 ' } });
    fireEvent.change(screen.getByLabelText('Catalog product (optional)'), {
      target: { value: 'mla46792131' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show reviews' }));
    expect(onViewChange).toHaveBeenCalledWith({ item: 'MLA800031687', catalog: 'MLA46792131', offset: 0 });
  });

  it('signed out, offers no picker and asks for nothing', async () => {
    const { sent } = await renderLookup({ offset: 0 }, null);
    expect(screen.queryByLabelText('From your orders')).toBeNull();
    expect(sent).toEqual([]);
  });
});
