import { describe, expect, it } from 'vitest';
import {
  activeFilterKeys,
  dayBound,
  presetOf,
  presetRange,
  toApiQuery,
  validateOrderListSearch,
} from './order-search.ts';

describe('validateOrderListSearch', () => {
  it('keeps the contract’s strings, whatever the router parsed', () => {
    expect(
      validateOrderListSearch({ limit: 25, offset: 50, 'feedback.sale.fulfilled': true, q: 123 }),
    ).toEqual({
      limit: '25',
      offset: '50',
      'feedback.sale.fulfilled': 'true',
      q: '123',
    });
  });

  it('drops what fails the contract and keeps the rest', () => {
    expect(
      validateOrderListSearch({
        limit: '500',
        'order.status': 'paid,bogus',
        tags: 'delivered',
        sort: 'date_asc',
      }),
    ).toEqual({ tags: 'delivered', sort: 'date_asc' });
  });

  it('never takes a seller or buyer id from the URL, only the side', () => {
    expect(validateOrderListSearch({ seller: '1', buyer: '2', side: 'buyer', audit: '1' })).toEqual({
      side: 'buyer',
    });
  });

  it('drops a date range whose start is after its end', () => {
    const search = validateOrderListSearch({
      'order.date_created.from': '2026-02-01T00:00:00.000-03:00',
      'order.date_created.to': '2026-01-01T00:00:00.000-03:00',
    });
    expect(search['order.date_created.from']).toBeUndefined();
  });
});

describe('toApiQuery', () => {
  it('adds the side with the signed-in user and the defaults', () => {
    expect(toApiQuery({ 'order.status': 'paid,confirmed', q: 'PELOTA' }, 100008826).toString()).toBe(
      'seller=100008826&q=PELOTA&order.status=paid%2Cconfirmed&sort=date_desc&limit=50',
    );
    expect(toApiQuery({ side: 'buyer', limit: '10', offset: '20' }, 7, { offset: '30' }).toString()).toBe(
      'buyer=7&offset=30&limit=10&sort=date_desc',
    );
  });
});

describe('URL helpers', () => {
  it('activeFilterKeys ignores side, sort and paging', () => {
    expect(
      activeFilterKeys({ side: 'buyer', sort: 'date_asc', limit: '10', offset: '10', tags: 'paid' }),
    ).toEqual(['tags']);
  });

  it('presets are whole local days ending today, and are recognised back', () => {
    const now = new Date(2026, 10, 21, 15, 30);
    const range = presetRange('7d', now);
    expect(new Date(range.from)).toEqual(new Date(2026, 10, 15));
    expect(new Date(range.to)).toEqual(new Date(2026, 10, 21, 23, 59, 59, 999));
    expect(presetOf(range.from, range.to, now)).toBe('7d');
    expect(presetOf(range.from, undefined, now)).toBeNull();
    expect(dayBound('2026-11-03', false)).toMatch(/^2026-11-03T00:00:00\.000[+-]\d{2}:\d{2}$/);
    expect(dayBound('nope', true)).toBeUndefined();
  });
});
