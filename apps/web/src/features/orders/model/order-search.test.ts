import { describe, expect, it } from 'vitest';
import {
  activeFilterKeys,
  addressDiffers,
  nearestPageOffset,
  reversedDateFields,
  searchText,
  toApiQuery,
  validateOrderListSearch,
} from './order-search.ts';
import { dayBound, presetOf, presetRange } from './order-search-dates.ts';

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

  it('keeps a date range whose start is after its end, for its field to say so, and asks nothing for it', () => {
    const search = validateOrderListSearch({
      'order.date_created.from': '2026-02-01T00:00:00.000-03:00',
      'order.date_created.to': '2026-01-01T00:00:00.000-03:00',
      'order.date_closed.from': '2026-01-01T00:00:00.000-03:00',
      'order.date_closed.to': '2026-02-01T00:00:00.000-03:00',
    });
    expect(search['order.date_created.from']).toBe('2026-02-01T00:00:00.000-03:00');
    expect(reversedDateFields(search)).toEqual(['date_created']);
    expect(reversedDateFields({ 'order.date_created.from': '2026-02-01T00:00:00.000-03:00' })).toEqual([]);
  });

  it('names every dropped parameter as undefined, so the router takes it out of the address’s', () => {
    const search = validateOrderListSearch({ offset: -5, utm_source: 'mail', limit: 25 });
    expect(search).toEqual({ limit: '25' });
    expect(Object.keys(search).sort()).toEqual(['limit', 'offset', 'utm_source']);
  });

  it('keeps an offset past the API’s last page as that page, for the list to move to its own last page', () => {
    expect(validateOrderListSearch({ offset: 999999 })).toEqual({ offset: '10000' });
    expect(validateOrderListSearch({ offset: '-5' })).toEqual({});
  });
});

describe('nearestPageOffset', () => {
  it('moves a page past the end to the last page, and a negative one to the first', () => {
    expect(nearestPageOffset(999_999, 50, 126)).toBe(100);
    expect(nearestPageOffset(126, 50, 126)).toBe(100);
    expect(nearestPageOffset(100, 50, 126)).toBe(100);
    expect(nearestPageOffset(75, 50, 126)).toBe(75);
    expect(nearestPageOffset(-5, 50, 126)).toBe(0);
    expect(nearestPageOffset(50, 50, 0)).toBe(0);
    expect(nearestPageOffset(20_000, 50, 50_000)).toBe(10_000);
  });
});

describe('addressDiffers', () => {
  it('tells an address the list rewrote from one it shows as it is', () => {
    expect(addressDiffers({ offset: 50, q: 'PELOTA' }, { offset: '50', q: 'PELOTA' })).toBe(false);
    expect(addressDiffers({ offset: -5 }, validateOrderListSearch({ offset: -5 }))).toBe(true);
    expect(addressDiffers({ offset: 999999 }, validateOrderListSearch({ offset: 999999 }))).toBe(true);
    expect(addressDiffers({}, {})).toBe(false);
  });
});

describe('searchText', () => {
  it('finds an order written as the list shows it', () => {
    expect(searchText('  #2000008558792771 ')).toBe('2000008558792771');
    expect(searchText('# 2000008558792771')).toBe('2000008558792771');
    expect(searchText('#PELOTA')).toBe('#PELOTA');
    expect(searchText(' pelota ')).toBe('pelota');
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
