import { describe, expect, it } from 'vitest';
import { presetRange } from './order-search-dates.ts';
import { toggleColumn } from './saved-views.ts';
import {
  cleanList,
  dateRangeMode,
  isDayRange,
  isReachableOffset,
  MAX_OFFSET,
  moreFiltersCount,
  patchSearch,
  toggleListValue,
} from './search-edits.ts';

describe('patchSearch', () => {
  it('sets and removes params, and a filter change goes back to the first page', () => {
    expect(
      patchSearch(
        { 'order.status': 'paid', q: 'zapatillas', offset: '50', limit: '10' },
        { q: undefined, tags: 'delivered' },
      ),
    ).toEqual({ 'order.status': 'paid', limit: '10', tags: 'delivered' });
  });

  it('keeps the filters on a page change, and drops emptied params', () => {
    expect(patchSearch({ 'order.status': 'paid', item: 'x' }, { offset: '20', item: '' })).toEqual({
      'order.status': 'paid',
      offset: '20',
    });
  });
});

describe('paging bounds', () => {
  it('reaches pages inside the list and within the API’s offset limit only', () => {
    expect(isReachableOffset(0, 5)).toBe(true);
    expect(isReachableOffset(5, 5)).toBe(false);
    expect(isReachableOffset(-10, 5)).toBe(false);
    expect(isReachableOffset(MAX_OFFSET, 50_000)).toBe(true);
    expect(isReachableOffset(MAX_OFFSET + 50, 50_000)).toBe(false);
  });
});

describe('filter edits', () => {
  it('toggles a value of a list param once', () => {
    expect(toggleListValue(['paid'], 'cancelled', true)).toEqual(['paid', 'cancelled']);
    expect(toggleListValue(['paid', 'cancelled'], 'paid', true)).toEqual(['paid', 'cancelled']);
    expect(toggleListValue(['paid', 'cancelled'], 'paid', false)).toEqual(['cancelled']);
  });

  it('counts on "More filters" only what the toolbar does not show', () => {
    expect(
      moreFiltersCount({
        q: 'x',
        'order.status': 'paid',
        'order.date_created.from': '2026-01-01T00:00:00.000-03:00',
        'delivery.case': 'platform_delivered',
        tags: 'delivered',
        'feedback.sale.rating': 'negative',
        sort: 'date_asc',
        limit: '10',
      }),
    ).toBe(2);
  });

  it('names a range by its preset, a custom one, or any time', () => {
    const now = new Date(2026, 10, 20, 15, 0);
    const week = presetRange('7d', now);
    expect(dateRangeMode(week.from, week.to, now)).toBe('7d');
    expect(dateRangeMode(week.from, undefined, now)).toBe('custom');
    expect(dateRangeMode(undefined, undefined, now)).toBe('any');
    expect(dateRangeMode(undefined, undefined, now, true)).toBe('custom');
  });

  it('takes a range whose first day is not after its last', () => {
    expect(isDayRange('2026-01-01', '2026-01-31')).toBe(true);
    expect(isDayRange('2026-01-31', '2026-01-31')).toBe(true);
    expect(isDayRange('2026-02-01', '2026-01-31')).toBe(false);
    expect(isDayRange('', '2026-01-31')).toBe(true);
  });

  it('cleans a typed list', () => {
    expect(cleanList(' ,claim,dispute, ')).toBe('claim,dispute');
  });
});

describe('toggleColumn', () => {
  const all = ['order', 'date', 'counterpart', 'total', 'status'];
  it('shows a column again in the table’s own order', () => {
    expect(toggleColumn(all, ['order', 'status'], 'date', true)).toEqual(['order', 'date', 'status']);
  });
  it('hides a column', () => {
    expect(toggleColumn(all, ['order', 'date', 'status'], 'date', false)).toEqual(['order', 'status']);
  });
});
