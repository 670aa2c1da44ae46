// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInEnglish } from '../../../../test-support/render.tsx';
import type { OrderListSearch } from '../../model/order-search.ts';
import { dayBound, presetRange } from '../../model/order-search-dates.ts';
import { patchSearch } from '../../model/search-edits.ts';
import { ActiveFilters } from './active-filters.tsx';
import { OrderFilters } from './order-filters.tsx';

afterEach(cleanup);

const NOW = new Date(2026, 10, 20, 15, 30);

/** The filters over a search that stands for the URL: every change is applied to it as the list applies it. */
function renderFilters(initial: OrderListSearch) {
  const urls: OrderListSearch[] = [initial];
  function Harness() {
    const [search, setSearch] = useState(initial);
    const input = useRef<HTMLInputElement>(null);
    const change = (patch: Parameters<typeof patchSearch>[1]) => {
      const next = patchSearch(search, patch);
      urls.push(next);
      setSearch(next);
    };
    return (
      <>
        <OrderFilters search={search} onChange={change} searchInput={input} now={NOW} />
        <ActiveFilters search={search} onChange={change} locale="en-US" />
      </>
    );
  }
  renderInEnglish(<Harness />);
  return { url: () => urls.at(-1)!, urls };
}

describe('OrderFilters', () => {
  it('shows the filters of the URL: statuses checked, chips named, the rest counted on "More filters"', () => {
    renderFilters({
      'order.status': 'paid,cancelled',
      tags: 'delivered',
      'feedback.sale.rating': 'negative',
      offset: '50',
    });
    const status = screen.getByRole('button', { name: 'Status, 2 selected' });
    fireEvent.click(status);
    expect((screen.getByRole('checkbox', { name: 'Paid' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Cancelled' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Confirmed' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'More filters · 2' })).toBeTruthy();
    const chips = screen.getByRole('list', { name: 'Filters in effect' });
    expect(chips.textContent).toContain('Status:Paid, Cancelled');
    expect(chips.textContent).toContain('With tags:Delivered');
  });

  it('writes a status checked into the list param, and goes back to the first page', () => {
    const { url } = renderFilters({ 'order.status': 'paid', offset: '50' });
    fireEvent.click(screen.getByRole('button', { name: 'Status, 1 selected' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Payment required' }));
    expect(url()).toEqual({ 'order.status': 'paid,payment_required' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Paid' }));
    expect(url()).toEqual({ 'order.status': 'payment_required' });
  });

  it('writes both bounds of a preset, names the preset back, and takes both away for any time', () => {
    const { url } = renderFilters({});
    const created = screen.getByRole('combobox', { name: 'Created' }) as HTMLSelectElement;
    fireEvent.change(created, { target: { value: '7d' } });
    const week = presetRange('7d', NOW);
    expect(url()).toEqual({ 'order.date_created.from': week.from, 'order.date_created.to': week.to });
    expect(created.value).toBe('7d');
    fireEvent.change(created, { target: { value: '' } });
    expect(url()).toEqual({});
  });

  it('holds back a custom range whose first day is after its last, and applies it once it is a range', () => {
    const { url, urls } = renderFilters({
      'order.date_closed.from': dayBound('2026-11-01', false),
      'order.date_closed.to': dayBound('2026-11-10', true),
    });
    fireEvent.click(screen.getByRole('button', { name: 'More filters · 2' }));
    const confirmed = screen.getByRole('group', { name: 'Confirmed' });
    const from = within(confirmed).getByLabelText('Confirmed from') as HTMLInputElement;
    const to = within(confirmed).getByLabelText('Confirmed to') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-11-01', '2026-11-10']);

    fireEvent.change(from, { target: { value: '2026-11-15' } });
    expect(urls).toHaveLength(1);
    expect(within(confirmed).getByRole('alert').textContent).toContain('The first day is after the last');
    expect(from.value).toBe('2026-11-15');
    expect(from.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(to, { target: { value: '2026-11-20' } });
    expect(within(confirmed).queryByRole('alert')).toBeNull();
    expect(Date.parse(url()['order.date_closed.from']!)).toBe(new Date(2026, 10, 15).getTime());
    expect(Date.parse(url()['order.date_closed.to']!)).toBe(
      new Date(2026, 10, 20, 23, 59, 59, 999).getTime(),
    );
  });

  it('offers the mediation and feedback filters as choices, named for people, and shows them so in the chips', async () => {
    const { url } = renderFilters({});
    fireEvent.click(screen.getByRole('button', { name: 'More filters' }));
    const stage = screen.getByRole('group', { name: 'Mediation stage' });
    fireEvent.click(within(stage).getByRole('checkbox', { name: 'Claim' }));
    await waitFor(() => expect(url()).toEqual({ 'mediations.stage': 'claim' }));
    fireEvent.click(within(stage).getByRole('checkbox', { name: 'Dispute' }));
    await waitFor(() => expect(url()).toEqual({ 'mediations.stage': 'claim,dispute' }));
    const feedback = screen.getByRole('group', { name: 'Feedback' });
    fireEvent.click(within(feedback).getByRole('checkbox', { name: 'Waiting for the buyer' }));
    await waitFor(() =>
      expect(url()).toEqual({ 'mediations.stage': 'claim,dispute', 'feedback.status': 'waiting_buyer' }),
    );
    const chips = screen.getByRole('list', { name: 'Filters in effect' });
    expect(chips.textContent).toContain('Claim, Dispute');
    expect(chips.textContent).toContain('Waiting for the buyer');
    expect(chips.textContent).not.toContain('waiting_buyer');
  });

  it('removes one filter from its chip, and every filter with "Clear all" but the side and the page size', () => {
    const { url } = renderFilters({
      side: 'buyer',
      limit: '10',
      q: 'zapatillas',
      tags: 'delivered',
      item: 'MLA1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter With tags' }));
    expect(url()).toEqual({ side: 'buyer', limit: '10', q: 'zapatillas', item: 'MLA1' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(url()).toEqual({ side: 'buyer', limit: '10' });
  });
});
